// The club evening's requests (issue 29): what members online do, each request a different
// question by a different member, drawn by a seeded generator (two runs ask the same in the
// same order). Each kind is one API call (its route, as the server names it, so the bench can
// time each kind inside the mixed run) with its weight in the mix, out of 100:
//
//   browse questions, with distance ones (questions.ts)        30
//   a puzzle page (the listing), and the wishes it shows        12, with 'wishes' below
//   the current member (every page asks it)                     6
//   the member home and top bar: stats 3, recent activity 1, club numbers 1, unread message
//     and notification counts 3 + 3, my listings 2             13
//   the forum: lists (category, page) 7, a post with 100 replies 3, its replies 2  12
//   conversations: the list 4, one of them 4                     8
//   notifications, the list                                      3
//   wanted pages: wishes 3, saved searches 3                     6
//   marking read: a conversation 3, all notifications 1, one 1   5
//   favourites: the list 2, adding one 2                         4
//   publishing a puzzle                                          1
//
// Each member sends from their own address (x-forwarded-for; the app trusts it in this bench),
// as members at home do: the per-address limits are for one address, not a whole club. And
// each accepts compressed answers, as browsers do (answers over a kilobyte are compressed).

import { variedQuestions, seededRandom } from './questions';
import { forumRequests } from './forum-questions';
import { HUNDRED_REPLY_POSTS } from './forum-data';
import { ARTISTS, NOUNS, PIECES } from './load-data';
import { CONDITIONS, DIFFICULTIES, puzzleTitle } from './wanted-data';

export type EveningRequest = {
  path: string;
  cookie: string;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  headers: Record<string, string>;
};

export type EveningMember = { memberId: number; cookie: string };

/** What the generator draws from: the loaded club's members and the rows they may name. */
export type EveningClub = {
  members: EveningMember[];
  manufacturerIds: number[];
  /** Each member's conversations and notifications. */
  threadsOf: Map<number, number[]>;
  notificationsOf: Map<number, number[]>;
  /** Active listings and their owners. */
  listings: Array<{ id: number; ownerId: number }>;
};

type Draw = { member: EveningMember; random: () => number; club: EveningClub; questions: () => string };
type Kind = {
  name: string;
  route: string;
  weight: number;
  make: (d: Draw) => Omit<EveningRequest, 'cookie' | 'headers'>;
};

const pickFrom = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const listingOf = (d: Draw) => {
  for (;;) {
    const listing = pickFrom(d.random, d.club.listings);
    if (listing.ownerId !== d.member.memberId) return listing.id;
  }
};

export const KINDS: Kind[] = [
  {
    name: 'browse question',
    route: 'GET /api/puzzle-listings',
    weight: 30,
    make: (d) => ({ path: `/api/puzzle-listings?${d.questions()}` }),
  },
  {
    name: 'puzzle page',
    route: 'GET /api/puzzle-listings/:id',
    weight: 12,
    make: (d) => ({ path: `/api/puzzle-listings/${listingOf(d)}` }),
  },
  { name: 'current member', route: 'GET /api/auth/user', weight: 6, make: () => ({ path: '/api/auth/user' }) },
  { name: 'stats (home)', route: 'GET /api/stats', weight: 3, make: () => ({ path: '/api/stats' }) },
  {
    name: 'recent activity (home)',
    route: 'GET /api/activity/recent',
    weight: 1,
    make: () => ({ path: '/api/activity/recent' }),
  },
  {
    name: 'club numbers (home)',
    route: 'GET /api/member-content',
    weight: 1,
    make: () => ({ path: '/api/member-content' }),
  },
  {
    name: 'unread messages count',
    route: 'GET /api/messages/unread-count',
    weight: 3,
    make: () => ({ path: '/api/messages/unread-count' }),
  },
  {
    name: 'unread notifications count',
    route: 'GET /api/notifications/unread-count',
    weight: 3,
    make: () => ({ path: '/api/notifications/unread-count' }),
  },
  {
    name: 'my listings',
    route: 'GET /api/puzzle-listings/my-listings',
    weight: 2,
    make: () => ({ path: '/api/puzzle-listings/my-listings' }),
  },
  {
    name: 'forum list',
    route: 'GET /api/community/posts',
    weight: 7,
    make: (d) => ({ path: forumRequests('list', Math.floor(d.random() * 1e9), [''], 1)[0]!.path }),
  },
  {
    name: 'forum post',
    route: 'GET /api/community/posts/:postId',
    weight: 3,
    make: (d) => ({ path: `/api/community/posts/${1 + Math.floor(d.random() * HUNDRED_REPLY_POSTS)}` }),
  },
  {
    name: 'forum post replies',
    route: 'GET /api/community/posts/:postId/replies',
    weight: 2,
    make: (d) => ({ path: `/api/community/posts/${1 + Math.floor(d.random() * HUNDRED_REPLY_POSTS)}/replies` }),
  },
  {
    name: 'conversations',
    route: 'GET /api/message-threads',
    weight: 4,
    make: () => ({ path: '/api/message-threads' }),
  },
  {
    name: 'a conversation',
    route: 'GET /api/message-threads/:threadId/messages',
    weight: 4,
    make: (d) => ({
      path: `/api/message-threads/${pickFrom(d.random, d.club.threadsOf.get(d.member.memberId)!)}/messages`,
    }),
  },
  { name: 'notifications', route: 'GET /api/notifications', weight: 3, make: () => ({ path: '/api/notifications' }) },
  {
    name: 'wishes (wanted page, puzzle page)',
    route: 'GET /api/wishes',
    weight: 3,
    make: () => ({ path: '/api/wishes' }),
  },
  {
    name: 'saved searches (wanted page)',
    route: 'GET /api/saved-searches',
    weight: 3,
    make: () => ({ path: '/api/saved-searches' }),
  },
  {
    name: 'mark a conversation read',
    route: 'POST /api/message-threads/:threadId/mark-read',
    weight: 3,
    make: (d) => ({
      method: 'POST',
      path: `/api/message-threads/${pickFrom(d.random, d.club.threadsOf.get(d.member.memberId)!)}/mark-read`,
    }),
  },
  {
    name: 'mark all notifications read',
    route: 'POST /api/notifications/read-all',
    weight: 1,
    make: () => ({ method: 'POST', path: '/api/notifications/read-all' }),
  },
  {
    name: 'mark a notification read',
    route: 'POST /api/notifications/:id/read',
    weight: 1,
    make: (d) => ({
      method: 'POST',
      path: `/api/notifications/${pickFrom(d.random, d.club.notificationsOf.get(d.member.memberId)!)}/read`,
    }),
  },
  { name: 'favourites', route: 'GET /api/favorites', weight: 2, make: () => ({ path: '/api/favorites' }) },
  {
    name: 'add a favourite',
    route: 'POST /api/favorites/:listingId',
    weight: 2,
    make: (d) => ({ method: 'POST', path: `/api/favorites/${listingOf(d)}` }),
  },
  {
    name: 'publish a puzzle',
    route: 'POST /api/puzzle-listings',
    weight: 1,
    make: (d) => ({
      method: 'POST',
      path: '/api/puzzle-listings',
      body: {
        title: puzzleTitle(d.random),
        pieces: pickFrom(d.random, PIECES),
        condition: pickFrom(d.random, CONDITIONS),
        difficulty: pickFrom(d.random, DIFFICULTIES),
        puzzlePoints: 1 + Math.floor(d.random() * 10),
        artist: pickFrom(d.random, ARTISTS),
        description: `Evening listing: complete, boxed, a ${pickFrom(d.random, NOUNS).toLowerCase()}.`,
        status: 'active',
      },
    }),
  },
];

/** What browsers accept: longer answers go out compressed, as they do to members. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** A member's own address: 10.x.y.1 from their id. */
export const addressOf = (memberId: number) => `10.${(memberId >> 8) & 255}.${memberId & 255}.1`;

/**
 * `count` requests drawn from the mix (or from the kinds given), each by a member drawn at random.
 * The forum's requests come from its own generator (forum-questions.ts), each with a new seed.
 */
export function eveningRequests(
  seed: number,
  count: number,
  club: EveningClub,
  kinds: readonly Kind[] = KINDS,
): EveningRequest[] {
  const random = seededRandom(seed);
  const questions = variedQuestions(seed, club.manufacturerIds);
  const total = kinds.reduce((s, k) => s + k.weight, 0);
  const out: EveningRequest[] = [];
  for (let i = 0; i < count; i++) {
    let at = random() * total;
    const kind = kinds.find((k) => (at -= k.weight) < 0) ?? kinds[kinds.length - 1]!;
    const member = pickFrom(random, club.members);
    const request = kind.make({ member, random, club, questions });
    out.push({
      ...request,
      cookie: member.cookie,
      headers: { 'x-forwarded-for': addressOf(member.memberId), 'accept-encoding': BROWSER_ENCODINGS },
    });
  }
  return out;
}
