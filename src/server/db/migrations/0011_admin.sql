ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
DROP INDEX "admin_actions_admin_id_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_by_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspended_by_id_users_id_fk" FOREIGN KEY ("suspended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_admin_search_trgm_idx" ON "users" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_puzzle_points_idx" ON "users" USING btree ("puzzle_points","id");--> statement-breakpoint
CREATE INDEX "users_joined_at_idx" ON "users" USING btree ("joined_at","id");--> statement-breakpoint
CREATE INDEX "users_is_admin_idx" ON "users" USING btree ("is_admin","id");--> statement-breakpoint
CREATE INDEX "users_welcome_gift_idx" ON "users" USING btree ("has_seen_welcome_gift","id");--> statement-breakpoint
CREATE INDEX "users_profile_completed_idx" ON "users" USING btree ("profile_completed","id");--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("suspended_at","id") WHERE suspended_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_name_lower_unique" ON "manufacturers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "puzzle_listings_manufacturer_id_idx" ON "puzzle_listings" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "feedback_reports_created_at_idx" ON "feedback_reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_ledger_granted_idx" ON "points_ledger" USING btree ("amount") WHERE reason IN ('welcome_gift', 'admin_grant', 'admin_deduct');--> statement-breakpoint
CREATE INDEX "admin_actions_admin_id_timestamp_idx" ON "admin_actions" USING btree ("admin_id","timestamp" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_action_timestamp_idx" ON "admin_actions" USING btree ("action","timestamp" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspension_complete" CHECK (("users"."suspended_at" IS NULL AND "users"."suspended_until" IS NULL AND "users"."suspension_reason" IS NULL)
        OR ("users"."suspended_at" IS NOT NULL AND "users"."suspension_reason" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" IN ('welcome_gift', 'admin_grant', 'admin_deduct', 'trade_hold', 'trade_refund', 'trade_payment'));