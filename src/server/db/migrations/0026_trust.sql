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
