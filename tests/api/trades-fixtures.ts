import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { queryRows, type DbOrTx } from '../../src/server/db/client';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { createListing, createMember, type NewListingInput, type NewMemberInput } from '../support/factories';

// Shared by the trade, feedback, property and concurrency tests: members with a session
// cookie, a tiny HTTP helper, and the points invariant (docs/product/points.md#the-points-invariant).

let n = 0;
export const uniqueEmail = (name = 'member') => `${name}.${++n}.${Date.now().toString(36)}@example.org`;

export type SignedIn = Awaited<ReturnType<typeof createMember>> & { cookie: string };

export async function signedInMember(db: DbOrTx, input: NewMemberInput = {}): Promise<SignedIn> {
  const member = await createMember(db, { email: uniqueEmail(input.firstName?.toLowerCase() ?? 'member'), ...input });
  const { token } = await createSession(db, member.id, false);
  return { ...member, cookie: `jc_session=${token}` };
}

export function listingFor(db: DbOrTx, owner: { id: number }, overrides: NewListingInput = {}) {
  return createListing(db, owner.id, overrides);
}

/** Requests to the app as a member (or a visitor without `who`). `t` may be given late, as a getter. */
export function http(t: TestApp | (() => TestApp)) {
  const app = () => (typeof t === 'function' ? t() : t).app;
  return {
    get: (url: string, who?: { cookie: string }) =>
      app().inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} }),
    post: (url: string, who?: { cookie: string }, payload: object = {}) =>
      app().inject({ method: 'POST', url, payload, headers: who ? { cookie: who.cookie } : {} }),
    patch: (url: string, who?: { cookie: string }, payload: object = {}) =>
      app().inject({ method: 'PATCH', url, payload, headers: who ? { cookie: who.cookie } : {} }),
    delete: (url: string, who?: { cookie: string }) =>
      app().inject({ method: 'DELETE', url, headers: who ? { cookie: who.cookie } : {} }),
  };
}

export type PointTotals = {
  balances: number;
  held: number;
  granted: number;
  negative: number;
  ledgerMismatch: number;
  heldMismatch: number;
};

/**
 * docs/product/points.md#the-points-invariant: balances + held points == all points ever granted; no balance below zero; each
 * member's balance equals the sum of their ledger rows, and their last row's balanceAfter;
 * a trade holds its cost exactly while accepted, shipped or disputed.
 */
export async function pointTotals(db: DbOrTx, memberIds?: number[]): Promise<PointTotals> {
  // The per-member ledger check reads each member's rows; a test may limit it to its own.
  const scope =
    memberIds && memberIds.length > 0
      ? sql`and u.id in (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const [row] = await queryRows<PointTotals>(
    db,
    sql`select (select coalesce(sum(puzzle_points), 0) from users)::int as balances,
               (select coalesce(sum(held_points), 0) from trade_requests)::int as held,
               (select coalesce(sum(amount), 0) from points_ledger
                 where reason in ('welcome_gift', 'admin_grant', 'admin_deduct'))::int as granted,
               (select count(*) from users where puzzle_points < 0)::int as negative,
               (select count(*) from users u
                 where (u.puzzle_points <> (select coalesce(sum(l.amount), 0) from points_ledger l where l.user_id = u.id)
                    or u.puzzle_points <> coalesce((select l.balance_after from points_ledger l where l.user_id = u.id
                                                    order by l.id desc limit 1), 0)) ${scope})::int as "ledgerMismatch",
               (select count(*) from trade_requests
                 where held_points <> case when status in ('accepted', 'shipped', 'disputed')
                                           then puzzle_points_cost else 0 end)::int as "heldMismatch"`,
  );
  return row!;
}

/** Checks the invariant and answers the totals it read. */
export async function expectPointsInvariant(db: DbOrTx, memberIds?: number[]): Promise<PointTotals> {
  const totals = await pointTotals(db, memberIds);
  expect(totals.negative).toBe(0);
  expect(totals.ledgerMismatch).toBe(0);
  // Points are held exactly while a trade is accepted, shipped or disputed.
  expect(totals.heldMismatch).toBe(0);
  expect(totals.balances + totals.held).toBe(totals.granted);
  return totals;
}

/** A trade between the two members for the listing, taken through every step to completed; answers its id. */
export async function completeTradeFor(
  api: ReturnType<typeof http>,
  requester: SignedIn,
  owner: SignedIn,
  listingId: number,
): Promise<number> {
  const request = await api.post('/api/trade-requests', requester, { puzzleListingId: listingId });
  expect(request.statusCode, request.body).toBe(201);
  const id = request.json().id as number;
  for (const [step, who] of [
    ['accept', owner],
    ['ship', owner],
    ['confirm-delivery', requester],
  ] as const) {
    const answer = await api.post(`/api/trade-requests/${id}/${step}`, who);
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return id;
}

export type TradeTestEnv = { t: TestApp; mail: MailCatcher; api: ReturnType<typeof http> };

/** A fresh app whose mail goes to a real SMTP catcher, for one test file. */
export async function startTradeTestApp(): Promise<TradeTestEnv> {
  const mail = await startMailCatcher();
  const t = await buildTestApp({ smtpUrl: mail.url, appUrl: 'http://club.test' });
  return { t, mail, api: http(t) };
}

/** Lets queued trade e-mails finish, then closes the app and the catcher. */
export async function stopTradeTestApp({ t, mail }: Pick<TradeTestEnv, 't' | 'mail'>): Promise<void> {
  await drainNotices(t.ctx);
  await t.close();
  await mail.close();
}

/**
 * The file's app from startTradeTestApp, started before its tests and stopped after them.
 * `api` and `db` can be taken at the top of the file; `t` and `mail` are there once started.
 */
export function useTradeTestApp() {
  let env: TradeTestEnv | undefined;
  beforeAll(async () => {
    env = await startTradeTestApp();
  });
  afterAll(() => (env ? stopTradeTestApp(env) : undefined));
  const started = (): TradeTestEnv => {
    if (!env) throw new Error('the trade test app is not started yet (use it inside a test or hook)');
    return env;
  };
  return {
    get t() {
      return started().t;
    },
    get mail() {
      return started().mail;
    },
    api: http(() => started().t),
    db: () => started().t.database.db,
  };
}
