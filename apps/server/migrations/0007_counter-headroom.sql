-- Room on each page for a row's next version: a counter update (comments, views, replies) then
-- stays on its page as a HOT update, adding no entry to any index (the GIN search index
-- included) and leaving nothing for vacuum to clean up there. Pages written from now on.
ALTER TABLE "discussions" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "comments" SET (fillfactor = 90);
