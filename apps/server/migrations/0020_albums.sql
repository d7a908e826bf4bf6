CREATE TABLE "album_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "album_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"album_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "albums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" bigint NOT NULL,
	"name" text NOT NULL,
	"cover_image_id" bigint,
	"images_count" integer DEFAULT 0 NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "album_images" ADD CONSTRAINT "album_images_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_images" ADD CONSTRAINT "album_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_cover_image_id_album_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."album_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_images_album_idx" ON "album_images" USING btree ("album_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "album_images_file_key" ON "album_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "albums_newest_idx" ON "albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "albums_author_idx" ON "albums" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_listed_idx" ON "files" USING btree ("owner_id","created_at","id") WHERE listed;