ALTER TABLE "users" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "located_postcode" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locate_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locate_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "handover" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "parcel_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "parcel_length_cm" integer;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "parcel_width_cm" integer;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "parcel_depth_cm" integer;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "handed_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_point_idx" ON "users" USING btree ("latitude","longitude") WHERE latitude IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_locate_due_idx" ON "users" USING btree ("locate_due_at") WHERE locate_due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_in_person_idx" ON "puzzle_listings" USING btree ("id") WHERE status = 'active' AND handover <> 'post';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_point_complete" CHECK (("users"."latitude" IS NULL) = ("users"."longitude" IS NULL));--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD CONSTRAINT "puzzle_listings_handover_check" CHECK ("puzzle_listings"."handover" IN ('post', 'in_person', 'either'));--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD CONSTRAINT "puzzle_listings_parcel_complete" CHECK (num_nulls("puzzle_listings"."parcel_weight_grams", "puzzle_listings"."parcel_length_cm", "puzzle_listings"."parcel_width_cm", "puzzle_listings"."parcel_depth_cm") IN (0, 4));--> statement-breakpoint
-- Members who already have a postcode are located by the next run of the locator job.
UPDATE "users" SET "locate_due_at" = now() WHERE "postcode" IS NOT NULL AND "closed_at" IS NULL;
