ALTER TABLE "user_activities" DROP CONSTRAINT "user_activities_activity_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "text_size" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_town_prefix_idx" ON "users" USING btree (lower("town_or_city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_text_size_check" CHECK ("users"."text_size" IN ('standard', 'large', 'largest'));--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_activity_type_check" CHECK ("user_activities"."activity_type" IN ('post_created', 'reply_posted', 'trade_completed', 'achievement_unlocked', 'other'));