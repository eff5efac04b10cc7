ALTER TABLE "message_threads" ADD COLUMN "direct_pair_key" text;--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at","id") WHERE closed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_not_joined_idx" ON "users" USING btree ("id") WHERE password_hash IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_direct_pair_key_unique" ON "message_threads" USING btree ("direct_pair_key");