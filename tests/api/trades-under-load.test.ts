import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeStatus } from '../../src/domain/enums';
import { users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';
import { http, listingFor, pointTotals, signedInMember, type SignedIn } from './trades-fixtures';

// Issue 16 point 4: 1.1–1.25% of random concurrent trade operations on PostgreSQL answered
// 500 'deadlock detected' (a member's row locked FOR UPDATE against the foreign-key checks of
// inserts into trades and notifications). Here 1,000 random operations run with 20 in flight
// against a small club, so the same members and listings meet in many transactions at once:
// no answer may be a 5xx, and the points add up after every single answer (docs/product/points.md#the-points-invariant).
// PostgreSQL only: the embedded database has one connection and runs everything in turn.

const OPERATIONS = 1000;
const IN_FLIGHT = 20;
const MEMBERS = 16;
const LISTINGS_EACH = 4;

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

// prettier-ignore
const WEIGHTED_MOVES = [
  'request', 'request', 'request', 'request',
  'accept', 'accept', 'accept', 'decline',
  'cancel', 'ship', 'ship', 'confirm', 'confirm',
  'dispute', 'feedback', 'feedback', 'resolve',
] as const;
type Move = (typeof WEIGHTED_MOVES)[number];

type Trade = { id: number; requester: SignedIn; owner: SignedIn; status: TradeStatus; rated: Set<number> };

describe.skipIf(testDbKind !== 'postgres')('trading under load (PostgreSQL)', () => {
  let t: TestApp;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await buildTestApp();
    // Mail is not what this test is about; e-mails for thousands of notices would only slow it.
    t.ctx.mailer = { send: async () => {} };
    api = http(t);
  });
  afterAll(async () => {
    await drainNotices(t.ctx);
    await t.close();
  });

  it(`${OPERATIONS} random trade operations, ${IN_FLIGHT} at a time: no 5xx, and the points add up after every answer`, async () => {
    const db = t.database.db;
    const seed = Number(process.env.TRADE_LOAD_SEED ?? Date.now() % 1_000_000);
    const rnd = random(seed);

    const admin = await signedInMember(db, { firstName: 'Eleanor', lastName: 'Whitfield' });
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const members: SignedIn[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signedInMember(db, { points: 20 }));
    const listings: { id: number; owner: SignedIn }[] = [];
    for (const owner of members) {
      for (let i = 0; i < LISTINGS_EACH; i++) {
        const listing = await listingFor(db, owner, { puzzlePoints: 1 + ((listings.length * 7) % 6) });
        listings.push({ id: listing.id, owner });
      }
    }

    const trades: Trade[] = [];
    const inState = (...states: TradeStatus[]) => trades.filter((tr) => states.includes(tr.status));
    const candidates = (move: Move): Trade[] => {
      switch (move) {
        case 'request':
          return [];
        case 'accept':
        case 'decline':
          return inState('pending');
        case 'cancel':
          return inState('pending', 'accepted');
        case 'ship':
          return inState('accepted');
        case 'confirm':
          return inState('shipped');
        case 'dispute':
          return inState('accepted', 'shipped');
        case 'feedback':
          return inState('completed').filter((tr) => tr.rated.size < 2);
        case 'resolve':
          return inState('disputed');
      }
    };
    const answers = new Map<number, number>();
    const failures: string[] = [];

    /** One random operation, on a trade chosen from what the answers so far have said. */
    async function operate(n: number): Promise<void> {
      // Weighted like a club's evening: mostly asking and answering, some disputes. A move
      // with no trade in its state yet is left out of this draw.
      const possible = WEIGHTED_MOVES.filter((move) => move === 'request' || candidates(move).length > 0);
      const kind = rnd.pick(possible)!;
      const trade: Trade | undefined = kind === 'request' ? undefined : rnd.pick(candidates(kind));
      let res;
      const step = (path: string, who: SignedIn, body: object = {}) =>
        api.post(`/api/trade-requests/${trade!.id}/${path}`, who, body);
      switch (kind) {
        case 'request': {
          const member = rnd.pick(members)!;
          const listing = rnd.pick(listings.filter((l) => l.owner.id !== member.id))!;
          res = await api.post('/api/trade-requests', member, {
            puzzleListingId: listing.id,
            ...(rnd.chance(0.5) ? { requestComments: `Request ${n}: may I have this one?` } : {}),
          });
          if (res.statusCode === 201) {
            trades.push({
              id: res.json().id,
              requester: member,
              owner: listing.owner,
              status: 'pending',
              rated: new Set(),
            });
          }
          break;
        }
        case 'accept':
          res = await step('accept', trade!.owner);
          break;
        case 'decline':
          res = await step('decline', trade!.owner, { reason: 'Promised elsewhere.' });
          break;
        case 'cancel':
          res = await step('cancel', trade!.requester);
          break;
        case 'ship':
          res = await step('ship', trade!.owner, { carrierName: 'Royal Mail', trackingNumber: `RM${n}GB` });
          break;
        case 'confirm':
          res = await step('confirm-delivery', trade!.requester, { deliveryNotes: 'Arrived safely.' });
          break;
        case 'dispute':
          res = await step('dispute', rnd.chance(0.5) ? trade!.owner : trade!.requester, {
            details: 'Not as described.',
          });
          break;
        case 'feedback': {
          const who = trade!.rated.has(trade!.requester.id) ? trade!.owner : trade!.requester;
          res = await step('feedback', who, { rating: 4, comment: 'Friendly and quick, thank you.' });
          if (res.statusCode === 201 || res.statusCode === 409) trade!.rated.add(who.id);
          break;
        }
        case 'resolve':
          res = await api.post(`/api/admin/trade-requests/${trade!.id}/resolve`, admin, {
            outcome: rnd.chance(0.5) ? 'complete' : 'refund',
          });
          break;
      }
      answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${kind} #${n}: ${res.statusCode} ${res.body}`);
      if (trade && res.statusCode === 200) trade.status = res.json().status;

      // One statement, so one snapshot: what every committed transaction so far left behind.
      const totals = await pointTotals(db);
      const wrong = totals.negative + totals.ledgerMismatch + totals.heldMismatch;
      if (wrong > 0 || totals.balances + totals.held !== totals.granted) {
        failures.push(`after ${kind} #${n}: ${JSON.stringify(totals)}`);
      }
    }

    let next = 0;
    const worker = async () => {
      while (next < OPERATIONS) await operate(next++);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    const summary = `seed ${seed}; answers ${JSON.stringify(Object.fromEntries(answers))}`;
    expect(failures, summary).toEqual([]);
    // The run did trade: requests were made, accepted and completed, not just refused.
    const done = inState('completed', 'refunded', 'cancelled', 'declined');
    expect(done.length, summary).toBeGreaterThan(50);
    // 429: 16 members make a few hundred requests between them in a few seconds, so one picked
    // more often than most can pass the 30 in ten minutes (TRADE_REQUESTS_PER_TEN_MINUTES).
    // Being told to wait changes nothing, as a refusal does not. Which moves are possible
    // depends on how the answers interleave, so a seed does not repeat a run exactly: a local
    // run met it twice in 1,000 operations (28 Nov 2026).
    expect(
      [...answers.keys()].every((status) => [200, 201, 400, 403, 404, 409, 429].includes(status)),
      summary,
    ).toBe(true);
  }, 180_000);
});
