CREATE TABLE "bookmarks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookmarks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"model" text NOT NULL,
	"object_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"discussion_id" bigint NOT NULL,
	"parent_id" bigint,
	"author_id" bigint NOT NULL,
	"content" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_tags" (
	"discussion_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "discussion_tags_discussion_id_tag_id_pk" PRIMARY KEY("discussion_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_views" (
	"discussion_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "discussion_views_discussion_id_user_id_hour_pk" PRIMARY KEY("discussion_id","user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"has_audio" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"edited_at" timestamp (3) with time zone,
	CONSTRAINT "discussions_status_check" CHECK ("discussions"."status" in ('draft', 'published', 'archived', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"model" text NOT NULL,
	"object_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_choices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"discussion_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"discussion_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"choice_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "poll_votes_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "tags_name_key" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_choices" ADD CONSTRAINT "poll_choices_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_choice_id_poll_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."poll_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_member_object_key" ON "bookmarks" USING btree ("user_id","model","object_id");--> statement-breakpoint
CREATE INDEX "bookmarks_object_idx" ON "bookmarks" USING btree ("model","object_id");--> statement-breakpoint
CREATE INDEX "comments_discussion_idx" ON "comments" USING btree ("discussion_id","created_at","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","discussion_id");--> statement-breakpoint
CREATE INDEX "discussion_tags_tag_idx" ON "discussion_tags" USING btree ("tag_id","discussion_id");--> statement-breakpoint
CREATE INDEX "discussions_latest_idx" ON "discussions" USING btree ("created_at","id") WHERE "discussions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "discussions_top_idx" ON "discussions" USING btree ("likes_count","created_at","id") WHERE "discussions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "discussions_author_idx" ON "discussions" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_member_object_key" ON "likes" USING btree ("user_id","model","object_id");--> statement-breakpoint
CREATE INDEX "likes_object_idx" ON "likes" USING btree ("model","object_id");--> statement-breakpoint
CREATE INDEX "poll_choices_discussion_idx" ON "poll_choices" USING btree ("discussion_id","position");--> statement-breakpoint
CREATE INDEX "poll_votes_choice_idx" ON "poll_votes" USING btree ("choice_id");