-- Hand-edited: existing discussions get their tag names from discussion_tags.
ALTER TABLE "discussions" ADD COLUMN "tag_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "discussions" SET "tag_names" = "named"."names" FROM (SELECT "discussion_tags"."discussion_id", array_agg("tags"."name" ORDER BY "tags"."name" COLLATE "C") AS "names" FROM "discussion_tags" INNER JOIN "tags" ON "tags"."id" = "discussion_tags"."tag_id" GROUP BY "discussion_tags"."discussion_id") AS "named" WHERE "named"."discussion_id" = "discussions"."id";
