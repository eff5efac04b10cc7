CREATE TABLE "community_post_reads" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"last_read_reply_id" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_reads_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "community_post_views" (
	"post_id" integer NOT NULL,
	"user_id" integer,
	"viewed_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_likes" DROP CONSTRAINT "community_likes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "community_posts" DROP CONSTRAINT "community_posts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "community_replies" DROP CONSTRAINT "community_replies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_activities" DROP CONSTRAINT "user_activities_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "community_replies_post_created_at_idx";--> statement-breakpoint
DROP INDEX "community_posts_list_idx";--> statement-breakpoint
DROP INDEX "community_posts_category_list_idx";--> statement-breakpoint
ALTER TABLE "community_likes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community_replies" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activities" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "forum_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "image_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "is_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_post_reads" ADD CONSTRAINT "community_post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_reads" ADD CONSTRAINT "community_post_reads_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_views" ADD CONSTRAINT "community_post_views_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_views" ADD CONSTRAINT "community_post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_post_reads_post_id_idx" ON "community_post_reads" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_post_views_post_user_day_unique" ON "community_post_views" USING btree ("post_id","user_id","viewed_on");--> statement-breakpoint
CREATE INDEX "community_post_views_user_id_idx" ON "community_post_views" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_visible_list_idx" ON "community_posts" USING btree ("is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX "community_posts_visible_category_list_idx" ON "community_posts" USING btree ("category","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX "community_posts_search_trgm_idx" ON "community_posts" USING gin (lower("title" || ' ' || "content") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_replies_post_id_id_idx" ON "community_replies" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "community_posts_list_idx" ON "community_posts" USING btree ("is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "community_posts_category_list_idx" ON "community_posts" USING btree ("category","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_images_max_4" CHECK (cardinality("community_posts"."image_urls") <= 4);