-- Members who were here before achievements existed get what they have already earned
-- (docs/product/members.md#achievements), by the rules of src/domain/achievements.ts written in SQL: the titles and
-- descriptions are the domain table's, and tests/api/members-achievements.test.ts checks this
-- file against it. No notification and no activity row: nobody did anything today, and a
-- feed full of "earned" lines dated the day of an upgrade would only be noise.
-- Idempotent (ON CONFLICT DO NOTHING on the one-per-member-and-type constraint).

-- The product keeps "public profile" on the user and on the member profile; the member
-- profile's flag is the one the directory reads, so a member who had asked not to be shown
-- stays hidden.
INSERT INTO "member_profiles" ("user_id", "is_profile_public")
SELECT "id", false FROM "users" WHERE NOT "public_profile"
ON CONFLICT ("user_id") DO UPDATE SET "is_profile_public" = false;
--> statement-breakpoint
WITH "counts" AS (
  SELECT u."id",
         u."completed_trades" AS "trades",
         -- The cached rating; 0 means no visible feedback yet ('New Member').
         NULLIF(u."trading_reputation", 0) AS "rating",
         EXISTS (SELECT 1 FROM "puzzle_listings" l
                  WHERE l."user_id" = u."id" AND l."published_at" IS NOT NULL) AS "listed",
         EXISTS (SELECT 1 FROM "community_posts" p WHERE p."user_id" = u."id") AS "posted",
         (SELECT count(*) FROM "community_likes" k JOIN "community_posts" p ON p."id" = k."post_id"
           WHERE p."user_id" = u."id")
         + (SELECT count(*) FROM "community_likes" k JOIN "community_replies" r ON r."id" = k."reply_id"
             WHERE r."user_id" = u."id") AS "likes"
    FROM "users" u
)
INSERT INTO "user_achievements" ("user_id", "achievement_type", "title", "description")
SELECT c."id", a."type", a."title", a."description"
  FROM "counts" c
  JOIN (VALUES
    ('first_listing', 'First Listing', 'Put a first puzzle on the club for others to enjoy.'),
    ('first_trade', 'First Trade', 'Completed a first trade with another member.'),
    ('five_trades', 'Five Trades', 'Completed 5 trades.'),
    ('trusted_trader', 'Trusted Trader', 'Completed 10 trades with a rating of 4.5 or more.'),
    ('first_post', 'First Post', 'Started a first conversation in the community forum.'),
    ('helpful', 'Helpful', 'Received 10 likes from other members in the forum.')
  ) AS a("type", "title", "description")
    ON CASE a."type"
         WHEN 'first_listing' THEN c."listed"
         WHEN 'first_trade' THEN c."trades" >= 1
         WHEN 'five_trades' THEN c."trades" >= 5
         WHEN 'trusted_trader' THEN c."trades" >= 10 AND c."rating" >= 4.5
         WHEN 'first_post' THEN c."posted"
         WHEN 'helpful' THEN c."likes" >= 10
       END
ON CONFLICT ("user_id", "achievement_type") DO NOTHING;
