DROP INDEX "points_ledger_user_created_at_idx";--> statement-breakpoint
CREATE INDEX "points_ledger_user_id_idx" ON "points_ledger" USING btree ("user_id","id" DESC NULLS FIRST);