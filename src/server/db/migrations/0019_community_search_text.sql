DROP INDEX "community_posts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("community_posts"."title" || ' ' || "community_posts"."content")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "community_posts_search_text_trgm_idx" ON "community_posts" USING gin ("search_text" gin_trgm_ops);