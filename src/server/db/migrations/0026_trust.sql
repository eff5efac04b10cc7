ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "ship_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "ship_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "not_sent_in_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "missing_pieces_reported" integer;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "arrived_incomplete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD COLUMN "missing_pieces_refund" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_away_idx" ON "users" USING btree ("away_until","id") WHERE away_until IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_requests_accepted_ship_by_idx" ON "trade_requests" USING btree ("ship_by") WHERE status = 'accepted';--> statement-breakpoint
CREATE INDEX "trade_requests_accepted_ship_reminder_idx" ON "trade_requests" USING btree ("ship_reminder_at") WHERE status = 'accepted' AND ship_reminded_at IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_away_complete" CHECK (("users"."away_from" IS NULL AND "users"."away_until" IS NULL) OR ("users"."away_from" IS NOT NULL AND "users"."away_until" > "users"."away_from"));--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" IN ('welcome_gift', 'admin_grant', 'admin_deduct', 'trade_hold', 'trade_refund', 'trade_payment', 'missing_pieces_refund'));--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_missing_pieces_refund_non_negative" CHECK ("trade_requests"."missing_pieces_refund" >= 0);--> statement-breakpoint
-- Trades already accepted when the posting deadline arrives get the whole time from now (docs/decisions/0031-trust-between-strangers.md).
UPDATE "trade_requests" SET "ship_by" = now() + interval '7 days', "ship_reminder_at" = now() + interval '84 hours' WHERE "status" = 'accepted';
--> statement-breakpoint
-- Browse (migrations 0012 and 0018): a time away set, changed or ended by the member is a noted
-- change like a suspension, so the browse index hides or shows the member's listings at once;
-- one starting or ending by itself on its dates changes no row, and each process judges it by the clock.
CREATE OR REPLACE FUNCTION browse_index_owners_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, user_id)
    SELECT pg_current_xact_id()::text::bigint, n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.town_or_city IS DISTINCT FROM o.town_or_city OR n.postcode IS DISTINCT FROM o.postcode
      OR n.suspended_at IS DISTINCT FROM o.suspended_at OR n.suspended_until IS DISTINCT FROM o.suspended_until
      OR n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name
      OR n.away_from IS DISTINCT FROM o.away_from OR n.away_until IS DISTINCT FROM o.away_until;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
