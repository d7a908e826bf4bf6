-- The discussion's poll becomes a poll of its own, belonging to content by (model, object_id),
-- with one ballot per member and poll (the primary key) and the choices each ballot marks.
CREATE TABLE "polls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "polls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"object_id" bigint NOT NULL,
	"voters_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_ballots" (
	"poll_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "poll_ballots_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
INSERT INTO "polls" ("model", "object_id", "voters_count", "created_at")
SELECT 'forum', d."id",
  (SELECT count(*)::int FROM "poll_votes" v WHERE v."discussion_id" = d."id"), d."created_at"
FROM "discussions" d
WHERE EXISTS (SELECT 1 FROM "poll_choices" c WHERE c."discussion_id" = d."id");--> statement-breakpoint
ALTER TABLE "poll_choices" ADD COLUMN "poll_id" bigint;--> statement-breakpoint
UPDATE "poll_choices" c SET "poll_id" = p."id"
FROM "polls" p WHERE p."model" = 'forum' AND p."object_id" = c."discussion_id";--> statement-breakpoint
ALTER TABLE "poll_choices" ALTER COLUMN "poll_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "poll_ballots" ("poll_id", "user_id", "created_at", "updated_at")
SELECT p."id", v."user_id", v."created_at", v."created_at"
FROM "poll_votes" v JOIN "polls" p ON p."model" = 'forum' AND p."object_id" = v."discussion_id";--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "poll_id" bigint;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "poll_votes" v SET "poll_id" = p."id"
FROM "polls" p WHERE p."model" = 'forum' AND p."object_id" = v."discussion_id";--> statement-breakpoint
ALTER TABLE "poll_votes" ALTER COLUMN "poll_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_choices" DROP CONSTRAINT "poll_choices_discussion_id_discussions_id_fk";
--> statement-breakpoint
ALTER TABLE "poll_votes" DROP CONSTRAINT "poll_votes_discussion_id_discussions_id_fk";
--> statement-breakpoint
ALTER TABLE "poll_votes" DROP CONSTRAINT "poll_votes_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "poll_choices_discussion_idx";--> statement-breakpoint
ALTER TABLE "poll_votes" DROP CONSTRAINT "poll_votes_discussion_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_id_user_id_choice_id_pk" PRIMARY KEY("poll_id","user_id","choice_id");--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "polls_content_key" ON "polls" USING btree ("model","object_id");--> statement-breakpoint
ALTER TABLE "poll_choices" ADD CONSTRAINT "poll_choices_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_ballot_fk" FOREIGN KEY ("poll_id","user_id") REFERENCES "public"."poll_ballots"("poll_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_choices_poll_idx" ON "poll_choices" USING btree ("poll_id","position");--> statement-breakpoint
ALTER TABLE "poll_choices" DROP COLUMN "discussion_id";--> statement-breakpoint
ALTER TABLE "poll_votes" DROP COLUMN "discussion_id";--> statement-breakpoint
ALTER TABLE "poll_votes" DROP COLUMN "created_at";
