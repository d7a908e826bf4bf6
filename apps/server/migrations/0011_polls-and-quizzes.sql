CREATE TABLE "poll_posts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"author_id" bigint NOT NULL,
	"question" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"tag_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "poll_posts"."question"), 'A') || setweight(to_tsvector('english', "poll_posts"."description"), 'B')) STORED NOT NULL,
	CONSTRAINT "poll_posts_status_check" CHECK ("poll_posts"."status" in ('draft', 'published', 'archived', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quiz_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"correct" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"quiz_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"chosen" bigint[],
	"correct" boolean,
	CONSTRAINT "quiz_attempts_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_records" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"best_streak" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_votes" (
	"quiz_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "quiz_votes_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quizzes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" bigint NOT NULL,
	"question" text NOT NULL,
	"explanation" text NOT NULL,
	"status" text NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"time_limit_seconds" integer,
	"closes_at" timestamp (3) with time zone,
	"tag_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"attempts_count" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "quizzes"."question")) STORED NOT NULL,
	CONSTRAINT "quizzes_status_check" CHECK ("quizzes"."status" in ('draft', 'published', 'archived', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "type" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "max_choices" integer;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "results" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "voters" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "closes_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "poll_posts" ADD CONSTRAINT "poll_posts_id_polls_id_fk" FOREIGN KEY ("id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_posts" ADD CONSTRAINT "poll_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_records" ADD CONSTRAINT "quiz_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_votes" ADD CONSTRAINT "quiz_votes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_votes" ADD CONSTRAINT "quiz_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_posts_latest_idx" ON "poll_posts" USING btree ("created_at","id") WHERE "poll_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "poll_posts_author_idx" ON "poll_posts" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "poll_posts_tags_idx" ON "poll_posts" USING gin ("tag_names");--> statement-breakpoint
CREATE INDEX "poll_posts_search_idx" ON "poll_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "quiz_answers_quiz_idx" ON "quiz_answers" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quiz_attempts_member_idx" ON "quiz_attempts" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_answered_idx" ON "quiz_attempts" USING btree ("answered_at") WHERE "quiz_attempts"."answered_at" is not null;--> statement-breakpoint
CREATE INDEX "quiz_records_correct_idx" ON "quiz_records" USING btree ("correct","user_id");--> statement-breakpoint
CREATE INDEX "quizzes_latest_idx" ON "quizzes" USING btree ("created_at","id") WHERE "quizzes"."status" = 'published';--> statement-breakpoint
CREATE INDEX "quizzes_top_idx" ON "quizzes" USING btree ("votes_count","created_at","id") WHERE "quizzes"."status" = 'published';--> statement-breakpoint
CREATE INDEX "quizzes_author_idx" ON "quizzes" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quizzes_tags_idx" ON "quizzes" USING gin ("tag_names");--> statement-breakpoint
CREATE INDEX "quizzes_search_idx" ON "quizzes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "polls_post_top_idx" ON "polls" USING btree ("voters_count","id") WHERE "polls"."model" = 'poll';--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_type_check" CHECK ("polls"."type" in ('single', 'multiple', 'ranked'));--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_results_check" CHECK ("polls"."results" in ('always', 'after_vote', 'after_close'));--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_voters_check" CHECK ("polls"."voters" in ('public', 'anonymous'));