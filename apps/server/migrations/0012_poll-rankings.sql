CREATE TABLE "poll_rankings" (
	"poll_id" bigint NOT NULL,
	"ranking" text NOT NULL,
	"ballots" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "poll_rankings_poll_id_ranking_pk" PRIMARY KEY("poll_id","ranking")
);
--> statement-breakpoint
ALTER TABLE "poll_rankings" ADD CONSTRAINT "poll_rankings_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "poll_rankings" ("poll_id", "ranking", "ballots")
SELECT "poll_id", "ranking", count(*)::int FROM (
	SELECT v."poll_id", string_agg(v."choice_id"::text, ',' ORDER BY v."rank") AS "ranking"
	FROM "poll_votes" v
	JOIN "polls" p ON p."id" = v."poll_id" AND p."type" = 'ranked'
	GROUP BY v."poll_id", v."user_id"
) ballots
GROUP BY "poll_id", "ranking";
