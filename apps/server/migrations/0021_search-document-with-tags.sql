-- A generated column may only call immutable functions; array_to_string is declared stable
-- because of other element types, but on text[] its result depends on the array alone.
CREATE FUNCTION "tag_words"(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string($1, ' ') $$;--> statement-breakpoint
DROP INDEX "tags_words_idx";--> statement-breakpoint
ALTER TABLE "discussions" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "discussions"."title"), 'A') || setweight(to_tsvector('english', "discussions"."content"), 'B') || setweight(to_tsvector('english', tag_words("discussions"."tag_names")), 'A') || setweight(to_tsvector('simple', tag_words("discussions"."tag_names")), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "discussions_search_idx" ON "discussions" USING gin ("search_vector");
