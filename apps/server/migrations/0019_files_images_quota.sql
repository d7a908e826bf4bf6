ALTER TABLE "files" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumbnail_bytes" bigint DEFAULT 0 NOT NULL;