-- Hand-edited: the column is filled from each discussion before it becomes NOT NULL.
ALTER TABLE "discussion_tags" ADD COLUMN "created_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "discussion_tags" SET "created_at" = "discussions"."created_at" FROM "discussions" WHERE "discussions"."id" = "discussion_tags"."discussion_id";--> statement-breakpoint
ALTER TABLE "discussion_tags" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "discussion_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "discussion_tags_newest_idx" ON "discussion_tags" USING btree ("tag_id","created_at","discussion_id");
