ALTER TABLE "login_failures" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "unknown_login" text;--> statement-breakpoint
CREATE INDEX "login_failures_unknown_login_at_idx" ON "login_failures" USING btree ("unknown_login","at");--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("at");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_one_subject" CHECK ((user_id is null) <> (unknown_login is null));