import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_CATEGORIES } from '../../src/domain/enums';
import { DEMO_POSTS } from '../../scripts/demo/community';
import { runSeed } from '../../scripts/demo/steps';
import { queryRows, type Database } from '../../src/server/db/client';
import { createDiskStorage } from '../../src/server/uploads/disk-storage';
import { createTestDatabase, tempDir } from '../support/test-database';

// The demo club's forum (issue 11): 20+ posts across the categories, some pinned, one locked,
// some with photos, replies (some answering replies), likes, views and the activity feed;
// every counter equal to a recount; running the seed again changes nothing.

let database: Database;
const pictures = () => createDiskStorage(tempDir('community-seed-uploads'));
beforeAll(async () => {
  database = await createTestDatabase();
  await runSeed(database.db, { pictures: pictures(), pictureSize: { width: 160, height: 120 } });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

type Summary = {
  posts: number;
  categories: string[];
  pinned: number;
  locked: number;
  with_photos: number;
  replies: number;
  answers: number;
  likes: number;
  views: number;
  activities: number;
  wrong_counters: number;
};

const summary = async () =>
  (
    await queryRows<Summary>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM community_posts) AS posts,
                 (SELECT array_agg(DISTINCT category ORDER BY category) FROM community_posts) AS categories,
                 (SELECT count(*)::int FROM community_posts WHERE is_pinned) AS pinned,
                 (SELECT count(*)::int FROM community_posts WHERE is_locked) AS locked,
                 (SELECT count(*)::int FROM community_posts WHERE cardinality(image_urls) > 0) AS with_photos,
                 (SELECT count(*)::int FROM community_replies) AS replies,
                 (SELECT count(*)::int FROM community_replies WHERE parent_reply_id IS NOT NULL) AS answers,
                 (SELECT count(*)::int FROM community_likes) AS likes,
                 (SELECT count(*)::int FROM community_post_views) AS views,
                 (SELECT count(*)::int FROM user_activities WHERE activity_type IN ('post_created', 'reply_posted')) AS activities,
                 (SELECT count(*)::int FROM community_posts p WHERE
                    p.reply_count <> (SELECT count(*) FROM community_replies x WHERE x.post_id = p.id AND x.deleted_at IS NULL AND x.hidden_at IS NULL)
                    OR p.like_count <> (SELECT count(*) FROM community_likes k WHERE k.post_id = p.id)
                    OR p.view_count <> (SELECT count(*) FROM community_post_views v WHERE v.post_id = p.id))
                 + (SELECT count(*)::int FROM community_replies x WHERE
                    x.like_count <> (SELECT count(*) FROM community_likes k WHERE k.reply_id = x.id)) AS wrong_counters`,
    )
  )[0]!;

describe('the demo forum', () => {
  it('has 20+ posts in every category, pinned, locked and photographed ones, replies, likes and activity', async () => {
    const s = await summary();
    expect(s.posts).toBe(DEMO_POSTS.length);
    expect(s.posts).toBeGreaterThanOrEqual(20);
    expect(s.categories).toEqual([...COMMUNITY_CATEGORIES].sort());
    expect(s.pinned).toBeGreaterThanOrEqual(2);
    expect(s.locked).toBe(1);
    expect(s.with_photos).toBeGreaterThanOrEqual(4);
    expect(s.replies).toBeGreaterThan(30);
    expect(s.answers).toBeGreaterThan(0);
    expect(s.likes).toBeGreaterThan(50);
    expect(s.views).toBeGreaterThan(0);
    expect(s.activities).toBe(s.posts + s.replies);
    expect(s.wrong_counters).toBe(0);
  });

  it('photos are the demo pictures the seed stored', async () => {
    const rows = await queryRows<{ url: string }>(
      database.db,
      sql`SELECT unnest(image_urls) AS url FROM community_posts`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { url } of rows) expect(url).toMatch(/^\/uploads\//);
  });

  it('changes nothing when run again', async () => {
    const before = await summary();
    await runSeed(database.db, { pictures: pictures(), pictureSize: { width: 160, height: 120 } });
    expect(await summary()).toEqual(before);
  });
});
