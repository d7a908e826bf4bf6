ALTER TABLE "comments" DROP CONSTRAINT "comments_discussion_id_discussions_id_fk";
--> statement-breakpoint
DROP INDEX "comments_discussion_idx";--> statement-breakpoint
DROP INDEX "comments_author_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ALTER COLUMN "used_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "revoked_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
-- Comments are on any kind of content: (model, object_id) names the host. Every comment so far
-- is on a discussion ('forum').
ALTER TABLE "comments" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "object_id" bigint;--> statement-breakpoint
UPDATE "comments" SET "model" = 'forum', "object_id" = "discussion_id";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "model" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "object_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_host_idx" ON "comments" USING btree ("model","object_id","created_at","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","model","object_id");--> statement-breakpoint
ALTER TABLE "comments" DROP COLUMN "discussion_id";