ALTER TABLE "community_posts" ADD COLUMN "removed_by_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "removed_by_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "feedback_reports_reporter_created_at_idx" ON "feedback_reports" USING btree ("reported_by_user_id","created_at");