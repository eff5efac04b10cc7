import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canPerform, TRADE_TRANSITIONS, type TradeAction } from '../../src/domain/trades';
import type { TradeStatus } from '../../src/domain/enums';
import { tradeRequests, users } from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { runOnOneDatabase } from '../support/test-database';
import { expectPointsInvariant, http, listingFor, signedInMember, type SignedIn } from './trades-fixtures';

// docs/product/points.md#the-points-invariant, as a property: whatever members do, in whatever order, and whatever the clock
// does, points are never created or lost. Random sequences of requests, accepts, declines,
// cancels, ships, confirmations (some with pieces missing: docs/product/trust.md#the-arrival-check),
// disputes, admin resolutions, admin grants and deductions
// (docs/product/points.md#administrators-grants) and sweeps run through the real HTTP handlers; after EVERY step no balance
// is negative, each member's balance is the sum of their ledger rows, balances plus held
// points equal all points ever granted, and the admin overview's points figures are exactly
// those of the ledger (and say they agree). Each
// answer must also agree with the domain's state machine (TRADE_TRANSITIONS): allowed moves
// succeed (or, for an accept, fail 409 for want of points), wrong parties get 403, strangers
// 404, wrong states 409, and nothing ever answers 5xx.
//
// One step at a time, through the same handlers and SQL whichever database answers: it runs
// once (runOnOneDatabase), on PostgreSQL when the run has it, else on the embedded database,
// as the generated sweeps do. It was the slowest file of each API project (17-24 s). Races
// between members are tested on PostgreSQL by trades-under-load.test.ts.

let t: TestApp;
let api: ReturnType<typeof http>;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  // Mail is not what this test is about; files for thousands of notices would only slow it.
  t.ctx.mailer = { send: async () => {} };
  api = http(t);
  admin = await signedInMember(t.database.db, { firstName: 'Eleanor', lastName: 'Whitfield' });
  await t.database.db
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(users.id, [admin.id]));
});
afterAll(async () => {
  await drainNotices(t.ctx);
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
type Who = 'owner' | 'requester' | 'stranger';
const MEMBER_ACTIONS = ['accept', 'decline', 'cancel', 'ship', 'confirm-delivery', 'dispute'] as const;
type MemberAction = (typeof MEMBER_ACTIONS)[number];

type Op =
  | { kind: 'request'; member: number; listing: number; comment: boolean }
  // `smart`: a move that is allowed right now, by the right party (so trades get somewhere);
  // otherwise the given action by the given member, allowed or not (so refusals are tried).
  // `missing`: on a confirmation, the arrival check's pieces missing (null: as described).
  | { kind: 'act'; smart: boolean; action: MemberAction; trade: number; who: Who; missing: number | null }
  | { kind: 'resolve'; smart: boolean; trade: number; outcome: 'complete' | 'refund' }
  | { kind: 'adjust'; member: number; amount: number }
  | { kind: 'sweep'; days: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      member: fc.nat(9),
      listing: fc.nat(9),
      comment: fc.boolean(),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      smart: fc.constantFrom(true, true, true, false),
      action: fc.constantFrom(...MEMBER_ACTIONS),
      trade: fc.nat(19),
      // Mostly the right party, sometimes the wrong one, now and then a stranger.
      who: fc.constantFrom<Who>('owner', 'owner', 'requester', 'requester', 'stranger'),
      missing: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      smart: fc.boolean(),
      trade: fc.nat(19),
      outcome: fc.constantFrom('complete' as const, 'refund' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      member: fc.nat(9),
      // Grants and deductions, some of them more than the member has.
      amount: fc.integer({ min: -8, max: 8 }).filter((n) => n !== 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), days: fc.constantFrom(3, 8, 22) }) },
);

const scenarioArb = fc.record({
  balances: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 4, maxLength: 5 }),
  listingPoints: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 8 }),
  // Pieces each listing declares missing (docs/product/trust.md#the-arrival-check).
  declaredMissing: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 8, maxLength: 8 }),
  ops: fc.array(opArb, { minLength: 15, maxLength: 20 }),
});

const codeOf = (action: TradeAction, status: TradeStatus, role: 'owner' | 'requester' | 'stranger' | 'admin') => {
  if (role === 'stranger') return [404];
  if (canPerform(action, status, role)) return action === 'accept' ? [200, 409] : [200];
  const by = TRADE_TRANSITIONS[action].by;
  const rightParty = by === 'either' ? role !== 'admin' : by === role;
  return rightParty ? [409] : [403];
};

describe.runIf(runOnOneDatabase)('the points ledger under random trading', () => {
  it('never loses or creates a point, and every answer follows the state machine', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ balances, listingPoints, declaredMissing, ops }) => {
        const members: SignedIn[] = [];
        for (const points of balances) members.push(await signedInMember(db, { points }));
        const listings = [];
        for (const [i, points] of listingPoints.entries()) {
          listings.push(
            await listingFor(db, members[i % members.length]!, {
              puzzlePoints: points,
              missingPieces: declaredMissing[i]!,
            }),
          );
        }
        const trades: { id: number; requester: SignedIn; owner: SignedIn }[] = [];
        const byId = (id: number) => members.find((m) => m.id === id)!;

        for (const op of ops) {
          const statuses = new Map(
            trades.length === 0
              ? []
              : (
                  await db
                    .select({ id: tradeRequests.id, status: tradeRequests.status })
                    .from(tradeRequests)
                    .where(
                      inArray(
                        tradeRequests.id,
                        trades.map((x) => x.id),
                      ),
                    )
                ).map((r) => [r.id, r.status as TradeStatus]),
          );
          if (op.kind === 'request') {
            const member = members[op.member % members.length]!;
            const listing = listings[op.listing % listings.length]!;
            const res = await api.post('/api/trade-requests', member, {
              puzzleListingId: listing.id,
              ...(op.comment ? { requestComments: 'Please may I have this one?' } : {}),
            });
            expect([201, 400, 409], res.body).toContain(res.statusCode);
            if (res.statusCode === 201)
              trades.push({ id: res.json().id, requester: member, owner: byId(listing.userId) });
          } else if (op.kind === 'act' && trades.length > 0) {
            let trade = trades[op.trade % trades.length]!;
            let { action, who: role } = op;
            if (op.smart) {
              // Some open trade, and one of the moves its parties may make now.
              const open = trades.filter((x) =>
                MEMBER_ACTIONS.some(
                  (a) => canPerform(a, statuses.get(x.id)!, 'owner') || canPerform(a, statuses.get(x.id)!, 'requester'),
                ),
              );
              if (open.length > 0) {
                trade = open[op.trade % open.length]!;
                const status = statuses.get(trade.id)!;
                // One entry per move (a dispute by either party counts once), so trades move on.
                const moves = MEMBER_ACTIONS.flatMap((a) => {
                  const roles = (['owner', 'requester'] as const).filter((r) => canPerform(a, status, r));
                  return roles.length === 0 ? [] : [[a, roles[op.trade % roles.length]!] as const];
                });
                [action, role] = moves[op.trade % moves.length]!;
              }
            }
            const stranger = members.find((m) => m.id !== trade.owner.id && m.id !== trade.requester.id) ?? admin;
            const who = role === 'owner' ? trade.owner : role === 'requester' ? trade.requester : stranger;
            const before = statuses.get(trade.id)!;
            const missing = action === 'confirm-delivery' ? op.missing : null;
            const body =
              action === 'dispute'
                ? { details: 'Something went wrong.' }
                : missing !== null
                  ? { arrived: 'missing_pieces', missingPieces: missing }
                  : {};
            const res = await api.post(`/api/trade-requests/${trade.id}/${action}`, who, body);
            expect(codeOf(action, before, role), `${action} by ${role} on ${before}: ${res.body}`).toContain(
              res.statusCode,
            );
            if (res.statusCode === 200) expect(res.json().status).toBe(TRADE_TRANSITIONS[action].to);
            if (res.statusCode === 200 && action === 'confirm-delivery') {
              // More missing than declared: ceil(cost × 50 / 100) back to the requester, the rest to the owner.
              const { puzzlePointsCost: cost, listing } = res.json();
              const refund = missing !== null && missing > listing.missingPieces ? Math.ceil((cost * 50) / 100) : 0;
              expect(res.json().missingPiecesRefund).toBe(refund);
            }
          } else if (op.kind === 'resolve' && trades.length > 0) {
            const disputed = trades.filter((x) => statuses.get(x.id) === 'disputed');
            const pool = op.smart && disputed.length > 0 ? disputed : trades;
            const trade = pool[op.trade % pool.length]!;
            const before = statuses.get(trade.id)!;
            const res = await api.post(`/api/admin/trade-requests/${trade.id}/resolve`, admin, { outcome: op.outcome });
            const action = op.outcome === 'complete' ? 'resolve-complete' : 'resolve-refund';
            expect(codeOf(action, before, 'admin'), res.body).toContain(res.statusCode);
          } else if (op.kind === 'adjust') {
            const member = members[op.member % members.length]!;
            const [row] = await db
              .select({ balance: users.puzzlePoints })
              .from(users)
              .where(inArray(users.id, [member.id]));
            const balance = row!.balance;
            const res = await api.post(`/api/admin/users/${member.id}/points`, admin, {
              amount: op.amount,
              reason: op.amount > 0 ? 'Helping at the club night' : 'Correcting a mistake',
            });
            // Never below zero: a deduction larger than the balance is refused and changes nothing.
            expect(res.statusCode, res.body).toBe(balance + op.amount >= 0 ? 200 : 409);
          } else if (op.kind === 'sweep') {
            await sweepTrades(t.ctx, new Date(Date.now() + op.days * DAY));
          }
          // Totals over the whole club; the per-member ledger check over this run's members.
          const totals = await expectPointsInvariant(db, [...members.map((m) => m.id), admin.id]);
          // The admin overview shows exactly the ledger's figures.
          const overview = (await api.get('/api/admin/overview', admin)).json();
          expect(overview.points).toEqual({
            inBalances: totals.balances,
            held: totals.held,
            granted: totals.granted,
            agree: true,
          });
        }
        await expectPointsInvariant(db);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
