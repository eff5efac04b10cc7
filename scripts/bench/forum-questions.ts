import { COMMUNITY_CATEGORIES } from '../../src/domain/enums';
import { ADJECTIVES, NOUNS } from './load-data';
import { HUNDRED_REPLY_POSTS } from './forum-data';
import { seededRandom } from './questions';

// The forum bench's requests (issue 11): every request a different member, post, category,
// word or page, drawn by a seeded generator (two runs ask the same in the same order).

export type ForumRequest = { path: string; cookie: string };
export type ForumLoad = 'list' | 'search' | 'open';

const SEARCH_WORDS = [...new Set([...ADJECTIVES, ...NOUNS].flatMap((w) => w.toLowerCase().split(' ')))].flatMap((w) =>
  // Whole words and their first 3-5 letters, as members type them.
  [w, w.slice(0, 3), w.slice(0, 4), w.slice(0, 5)].filter((x, i, all) => x.length >= 3 && all.indexOf(x) === i),
);

export function forumRequests(load: ForumLoad, seed: number, cookies: string[], count: number): ForumRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const out: ForumRequest[] = [];
  for (let i = 0; i < count; i++) {
    const cookie = pick(cookies);
    const page = 1 + Math.floor(random() * 5);
    const category = random() < 0.3 ? undefined : pick(COMMUNITY_CATEGORIES);
    if (load === 'open') {
      // A post with 100 replies: its detail (counts a view, moves the reading position) or its replies.
      const postId = 1 + Math.floor(random() * HUNDRED_REPLY_POSTS);
      out.push({ path: `/api/community/posts/${postId}${random() < 0.5 ? '' : '/replies'}`, cookie });
      continue;
    }
    const query = new URLSearchParams();
    if (category) query.set('category', category);
    if (load === 'search') query.set('q', pick(SEARCH_WORDS));
    if (page > 1) query.set('page', String(page));
    const qs = query.toString();
    out.push({ path: `/api/community/posts${qs ? `?${qs}` : ''}`, cookie });
  }
  return out;
}
