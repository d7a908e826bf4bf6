CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"reference_count" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Objects stored before keys were counted: one reference per row that points at each.
INSERT INTO "stored_objects" ("key", "reference_count")
SELECT "key", count(*)::int FROM (
	SELECT "storage_key" AS "key" FROM "files"
	UNION ALL SELECT "avatar_key" FROM "users" WHERE "avatar_key" IS NOT NULL
	UNION ALL SELECT "storage_key" FROM "discussion_audio" WHERE "storage_key" IS NOT NULL
) AS "referenced"
GROUP BY "key";
