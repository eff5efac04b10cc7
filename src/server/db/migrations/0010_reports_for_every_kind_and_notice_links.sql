ALTER TABLE "feedback_reports" DROP CONSTRAINT "feedback_reports_target_present";--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "trading_notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_reply_id_community_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_reports_reporter_post_unique" ON "feedback_reports" USING btree ("reported_by_user_id","post_id") WHERE post_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_reports_reporter_reply_unique" ON "feedback_reports" USING btree ("reported_by_user_id","reply_id") WHERE reply_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "feedback_reports_post_id_idx" ON "feedback_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "feedback_reports_reply_id_idx" ON "feedback_reports" USING btree ("reply_id");--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_target_present" CHECK (("feedback_reports"."post_id" IS NULL AND "feedback_reports"."reply_id" IS NULL AND ("feedback_reports"."feedback_id" IS NOT NULL OR "feedback_reports"."response_id" IS NOT NULL))
        OR ("feedback_reports"."feedback_id" IS NULL AND "feedback_reports"."response_id" IS NULL AND num_nonnulls("feedback_reports"."post_id", "feedback_reports"."reply_id") = 1));