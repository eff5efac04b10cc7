-- btree_gin lets one GIN index hold the category beside the search text's trigrams (a search
-- in one category looks there only). PostgreSQL: contrib, like pg_trgm; PGlite: created with
-- `extensions: { btree_gin }` (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "community_posts_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "community_posts_category_search_text_idx" ON "community_posts" USING gin ("category","search_text" gin_trgm_ops);