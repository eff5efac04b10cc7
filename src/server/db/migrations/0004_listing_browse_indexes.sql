-- Browse (GET /api/puzzle-listings) reads pages in the exact order of compareListings in
-- src/domain/listings.ts: each sort key, then id descending (ascending only for 'oldest'),
-- "newest" meaning coalesce(published_at, created_at), text compared as lower(x) COLLATE "C"
-- and a missing year last. A b-tree serves an ORDER BY only when every key's direction
-- matches the index (or all are reversed), so the mixed directions below need their own
-- indexes; without them PostgreSQL sorts every active listing to show one page.
-- All are partial on status = 'active' like the other browse indexes: browse shows nothing else.

-- newest (backward scan) and oldest (forward scan).
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_listed_at_idx" ON "puzzle_listings" USING btree (coalesce("published_at", "created_at"), "id") WHERE status = 'active';--> statement-breakpoint
-- title-desc (backward scan) ...
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_title_c_idx" ON "puzzle_listings" USING btree ((lower("title") COLLATE "C"), "id") WHERE status = 'active';--> statement-breakpoint
-- ... and title-asc, whose ties still come newest id first.
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_title_c_asc_idx" ON "puzzle_listings" USING btree ((lower("title") COLLATE "C"), "id" DESC) WHERE status = 'active';--> statement-breakpoint
-- pieces-asc and points-asc (the -desc orders are backward scans of the (x, id) indexes of 0001).
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_pieces_asc_idx" ON "puzzle_listings" USING btree ("pieces", "id" DESC) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_points_asc_idx" ON "puzzle_listings" USING btree ("puzzle_points", "id" DESC) WHERE status = 'active';--> statement-breakpoint
-- year-newest and year-oldest put listings without a year last in both directions. The
-- first also answers the browse year list (the 10 most recent distinct years) by a loose
-- index scan: one probe per year.
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_year_newest_idx" ON "puzzle_listings" USING btree ("year_of_manufacture" DESC NULLS LAST, "id" DESC) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "puzzle_listings_active_year_oldest_idx" ON "puzzle_listings" USING btree ("year_of_manufacture" ASC NULLS LAST, "id" DESC) WHERE status = 'active';
