CREATE TABLE "uploaded_pictures" (
	"name" text PRIMARY KEY NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploaded_pictures" ADD CONSTRAINT "uploaded_pictures_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_pictures_check_at_idx" ON "uploaded_pictures" USING btree ("check_at");