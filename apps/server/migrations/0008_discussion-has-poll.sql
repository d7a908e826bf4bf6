-- Hand-edited: existing discussions with poll choices are marked.
ALTER TABLE "discussions" ADD COLUMN "has_poll" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "discussions" SET "has_poll" = true WHERE "id" IN (SELECT "discussion_id" FROM "poll_choices");
