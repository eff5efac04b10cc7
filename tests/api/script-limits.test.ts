import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITS_PER_HOUR,
  EDITS_RATE_LIMIT_MESSAGE,
  LIKES_PER_HOUR,
  LIKES_RATE_LIMIT_MESSAGE,
  TRADE_REQUESTS_PER_TEN_MINUTES,
  TRADE_REQUESTS_RATE_LIMIT_MESSAGE,
} from '../../src/domain/constants';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing } from '../support/factories';
import { http, signedInMember, type SignedIn } from './trades-fixtures';

// Issue 23 point 6: what a script could repeat has a per-member hourly limit, far above what
// a member does by hand (decision 0026). A like toggled 400 times in 3.4 s was pushed live to
// every open page each time; edits had no limit at all. Each limit answers 429 with a
// sentence about the member's own actions (not 'your network'), and is counted per member.

let t: TestApp;
const api = http(() => t);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = (firstName = 'Margaret') => signedInMember(t.database.db, { firstName });

/** `max` calls succeed (2xx), the next answers 429 with `message`. */
async function expectLimit(max: number, call: (i: number) => Promise<LightMyRequestResponse>, message: string) {
  for (let i = 0; i < max; i++) {
    const res = await call(i);
    if (res.statusCode >= 300) expect.fail(`call ${i + 1} of ${max} answered ${res.statusCode}: ${res.body}`);
  }
  const over = await call(max);
  expect(over.statusCode, over.body).toBe(429);
  expect(over.json()).toEqual({ message, code: 'RATE_LIMITED' });
}

async function postBy(who: SignedIn): Promise<number> {
  const res = await api.post('/api/community/posts', who, {
    title: 'Favourite autumn puzzles',
    content: 'Which autumn scenes have you enjoyed this year?',
    category: 'general',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('likes', () => {
  it(`allow ${LIKES_PER_HOUR} toggles an hour per member, then 429 saying so`, async () => {
    const author = await member('Author');
    const postId = await postBy(author);
    const busy = await member('Busy');
    await expectLimit(
      LIKES_PER_HOUR,
      () => api.post('/api/community/like', busy, { postId }),
      LIKES_RATE_LIMIT_MESSAGE,
    );
    // Per member: another member at the same club night likes on.
    const other = await member('Other');
    expect((await api.post('/api/community/like', other, { postId })).statusCode).toBe(200);
  }, 60_000);
});

describe('edits', () => {
  it(`of a post: ${EDITS_PER_HOUR} an hour per member, then 429`, async () => {
    const author = await member();
    const postId = await postBy(author);
    await expectLimit(
      EDITS_PER_HOUR,
      (i) => api.patch(`/api/community/posts/${postId}`, author, { content: `Which autumn scenes, take ${i}?` }),
      EDITS_RATE_LIMIT_MESSAGE,
    );
    // The refused edit changed nothing.
    const post = await api.get(`/api/community/posts/${postId}`, author);
    expect(post.json().content).toBe(`Which autumn scenes, take ${EDITS_PER_HOUR - 1}?`);
  }, 60_000);

  it(`of a reply: ${EDITS_PER_HOUR} an hour per member, then 429`, async () => {
    const author = await member();
    const postId = await postBy(author);
    const res = await api.post(`/api/community/posts/${postId}/replies`, author, { content: 'The mill, for me.' });
    expect(res.statusCode, res.body).toBe(201);
    const replyId = res.json<{ id: number }>().id;
    await expectLimit(
      EDITS_PER_HOUR,
      (i) => api.patch(`/api/community/replies/${replyId}`, author, { content: `The mill, take ${i}.` }),
      EDITS_RATE_LIMIT_MESSAGE,
    );
  }, 60_000);

  it(`of a listing: ${EDITS_PER_HOUR} an hour per member, then 429`, async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    await expectLimit(
      EDITS_PER_HOUR,
      (i) =>
        api.patch(`/api/puzzle-listings/${listing.id}`, owner, {
          title: 'Harbour at Dusk',
          pieces: 1000,
          condition: 'very_good',
          description: `Complete, checked ${i} times.`,
        }),
      EDITS_RATE_LIMIT_MESSAGE,
    );
  }, 60_000);

  it(`of the profile and of the member page settings: ${EDITS_PER_HOUR} an hour each, then 429`, async () => {
    const who = await member();
    await expectLimit(
      EDITS_PER_HOUR,
      (i) => api.patch('/api/profile', who, { firstName: `Margaret${i % 2 ? '' : 'a'}`, lastName: 'Hughes' }),
      EDITS_RATE_LIMIT_MESSAGE,
    );
    await expectLimit(
      EDITS_PER_HOUR,
      (i) => api.patch('/api/members/me/profile', who, { textSize: i % 2 ? 'large' : 'standard' }),
      EDITS_RATE_LIMIT_MESSAGE,
    );
    // Per member: someone else edits on.
    expect((await api.patch('/api/members/me/profile', await member(), { textSize: 'large' })).statusCode).toBe(200);
  }, 60_000);
});

describe('asking for puzzles', () => {
  it('a per-member limit speaks of the member’s own requests, not of their network', async () => {
    const busy = await member();
    // Every call counts, answered or not: these name no listing (404).
    for (let i = 0; i < TRADE_REQUESTS_PER_TEN_MINUTES; i++) {
      const res = await api.post('/api/trade-requests', busy, { puzzleListingId: 2_000_000_000 });
      expect(res.statusCode).toBe(404);
    }
    const over = await api.post('/api/trade-requests', busy, { puzzleListingId: 2_000_000_000 });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TRADE_REQUESTS_RATE_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
    expect(over.json().message).not.toMatch(/network/);
  });
});
