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
--> statement-breakpoint
-- The browse index measures distances from owners' points (src/server/listings/browse-index-owners.ts),
-- so a point found, changed or cleared is a noted change like a move (migrations 0012, 0018),
-- as is a time away (0026).
CREATE OR REPLACE FUNCTION browse_index_owners_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, user_id)
    SELECT pg_current_xact_id()::text::bigint, n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.town_or_city IS DISTINCT FROM o.town_or_city OR n.postcode IS DISTINCT FROM o.postcode
      OR n.suspended_at IS DISTINCT FROM o.suspended_at OR n.suspended_until IS DISTINCT FROM o.suspended_until
      OR n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name
      OR n.away_from IS DISTINCT FROM o.away_from OR n.away_until IS DISTINCT FROM o.away_until
      OR n.latitude IS DISTINCT FROM o.latitude OR n.longitude IS DISTINCT FROM o.longitude;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
