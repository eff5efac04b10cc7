import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_SORTS, formatClubDate } from '../../src/domain/admin';
import { memberAdminSchema } from '../../src/domain/members';
import type { ClubEvent } from '../../src/domain/events';
import { createSession } from '../../src/server/auth/sessions-repository';
import { pointsLedger, sessions, tradeRequests, tradingNotifications, users } from '../../src/server/db/schema';
import { loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import { browseStats, forgetBrowseCaches } from '../../src/server/listings/browse-repository';
import { drainNotices } from '../../src/server/notices/notices';
import { lastLogged, signedInAdmin, startAdminTestApp, type AdminTestEnv } from './admin-fixtures';
import { expectPointsInvariant, listingFor, signedInMember, stopTradeTestApp, type SignedIn } from './trades-fixtures';

// What administrators do to members (docs/product/administration.md): the users table (search, sort on every
// column, pages), admin status, points through the ledger, suspension and its effects, a
// member's page. Every change is in the activity log with what changed from what to what,
// and the guards guard: nobody changes their own status or balance or suspends themselves,
// no administrator is suspended, the club keeps an administrator, no balance goes below zero.

let env: AdminTestEnv;
const db = () => env.t.database.db;
const api = () => env.api;
beforeAll(async () => {
  env = await startAdminTestApp();
});
afterAll(() => stopTradeTestApp(env));

const member = (input: Parameters<typeof signedInMember>[1] = {}) => signedInMember(db(), input);
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
/**
 * Browse as a visitor, checking that the in-memory browse index answered (not the SQL):
 * whether the listing is on the first page, and the total.
 */
async function browseByIndex(params: string, listingId: number) {
  const before = browseStats.fromIndex;
  const res = await api().get(`/api/puzzle-listings?${params}`);
  expect(res.statusCode).toBe(200);
  expect(browseStats.fromIndex, 'answered by the browse index').toBe(before + 1);
  const body = res.json() as { items: Array<{ id: number }>; total: number };
  return { found: body.items.some((i) => i.id === listingId), total: body.total };
}
const signIn = (email: string) =>
  api().post('/api/auth/login', undefined, { email, password: 'correct horse battery' });

describe('the users table', () => {
  it('shows each member as the admin view (e-mail, balance, state), never a hash or a token', async () => {
    const m = await member({ firstName: 'Pauline', lastName: 'Okafor', hasSeenWelcomeGift: false });
    const res = await api().get(`/api/admin/users?q=${encodeURIComponent(m.email)}`, env.admin);
    expect(res.statusCode).toBe(200);
    const [found] = res.json();
    expect(Object.keys(found).sort()).toEqual(Object.keys(memberAdminSchema.shape).sort());
    expect(found).toMatchObject({
      id: m.id,
      name: 'Pauline O.',
      email: m.email,
      isAdmin: false,
      puzzlePoints: 5,
      hasSeenWelcomeGift: false,
      profileCompleted: true,
      suspension: null,
    });
    expect(res.body).not.toMatch(/password|hash|token/i);
  });

  it('finds members by part of a name or an e-mail address, in any case, and says how many match', async () => {
    const a = await member({ firstName: 'Gwendolyn', lastName: 'Quixley' });
    const b = await member({ firstName: 'Quixley', lastName: 'Smith' });
    await member({ firstName: 'Someone', lastName: 'Else' });
    const byName = await api().get('/api/admin/users?q=QUIXL', env.admin);
    expect(
      byName
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(byName.headers['x-total-count']).toBe('2');
    const byEmail = await api().get(`/api/admin/users?q=${encodeURIComponent(a.email.toUpperCase())}`, env.admin);
    expect(byEmail.json().map((u: { id: number }) => u.id)).toEqual([a.id]);
    // LIKE's wildcards are taken literally.
    expect((await api().get('/api/admin/users?q=%25', env.admin)).json()).toEqual([]);
  });

  it('sorts on every column both ways, and without a sort keeps the order members joined in', async () => {
    const people = [
      await member({ firstName: 'Cedric', lastName: 'Sortwell', points: 20 }),
      await member({ firstName: 'Alma', lastName: 'Sortwell', points: 5, hasSeenWelcomeGift: false }),
      await member({ firstName: 'Bertha', lastName: 'Sortwell', points: 12, profileCompleted: false }),
    ];
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, people[2]!.id));
    const suspendedRes = await api().post(`/api/admin/users/${people[1]!.id}/suspend`, env.admin, {
      reason: 'Testing the sort.',
    });
    expect(suspendedRes.statusCode).toBe(200);
    type Row = { id: number; name: string; email: string; puzzlePoints: number; isAdmin: boolean } & Record<
      string,
      unknown
    >;
    const list = async (query: string): Promise<Row[]> =>
      (await api().get(`/api/admin/users?q=sortwell${query}`, env.admin)).json();

    const unsorted = await list('');
    expect(unsorted.map((u) => u.id)).toEqual(people.map((p) => p.id));
    const key: Record<(typeof ADMIN_USER_SORTS)[number], (u: Row) => string | number | boolean> = {
      name: (u) => u.name,
      email: (u) => u.email.toLowerCase(),
      puzzlePoints: (u) => u.puzzlePoints,
      isAdmin: (u) => u.isAdmin,
      hasSeenWelcomeGift: (u) => u.hasSeenWelcomeGift as boolean,
      profileCompleted: (u) => u.profileCompleted as boolean,
      suspended: (u) => u.suspension !== null,
      joinedAt: (u) => u.joinedAt as string,
    };
    const compare = (a: string | number | boolean, b: string | number | boolean) => (a < b ? -1 : a > b ? 1 : 0);
    for (const sort of ADMIN_USER_SORTS) {
      const asc = await list(`&sort=${sort}&dir=asc`);
      const desc = await list(`&sort=${sort}&dir=desc`);
      const expectedAsc = [...unsorted].sort((a, b) => compare(key[sort](a), key[sort](b)) || a.id - b.id);
      const expectedDesc = [...unsorted].sort((a, b) => compare(key[sort](b), key[sort](a)) || b.id - a.id);
      expect(
        asc.map((u) => u.id),
        `${sort} asc`,
      ).toEqual(expectedAsc.map((u) => u.id));
      expect(
        desc.map((u) => u.id),
        `${sort} desc`,
      ).toEqual(expectedDesc.map((u) => u.id));
    }
    expect((await api().get('/api/admin/users?sort=shoeSize', env.admin)).statusCode).toBe(400);
  });

  it('comes a page at a time, the total in X-Total-Count', async () => {
    for (const first of ['Ann', 'Bea', 'Cal', 'Dot', 'Eve']) await member({ firstName: first, lastName: 'Pageworth' });
    const page = (n: number) => api().get(`/api/admin/users?q=pageworth&sort=name&pageSize=2&page=${n}`, env.admin);
    const pages = await Promise.all([1, 2, 3, 4].map(page));
    expect(pages.map((p) => p.json().map((u: { firstName: string }) => u.firstName))).toEqual([
      ['Ann', 'Bea'],
      ['Cal', 'Dot'],
      ['Eve'],
      [],
    ]);
    for (const p of pages) expect(p.headers['x-total-count']).toBe('5');
    expect((await api().get('/api/admin/users?pageSize=101', env.admin)).statusCode).toBe(400);
  });

  it('lists only the administrators when asked (the activity filter)', async () => {
    const admins = (await api().get('/api/admin/users?role=admin&pageSize=100', env.admin)).json();
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
  });
});

describe('admin status', () => {
  it('an administrator makes a member an administrator and back; each change is logged from what to what', async () => {
    const m = await member({ firstName: 'Derek', lastName: 'Pemberton' });
    const made = await api().patch(`/api/admin/users/${m.id}/admin`, env.admin, { isAdmin: true });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: m.id, isAdmin: true });
    expect((await row(m.id)).isAdmin).toBe(true);
    expect(await lastLogged(db(), 'set_admin_status')).toMatchObject({
      adminId: env.admin.id,
      target: `user:${m.id}`,
      details: { member: { id: m.id, name: 'Derek P.', email: m.email }, isAdmin: { from: false, to: true } },
    });

    const back = await api().patch(`/api/admin/users/${m.id}/admin`, env.admin, { isAdmin: false });
    expect(back.json().isAdmin).toBe(false);
    expect((await lastLogged(db(), 'set_admin_status'))!.details).toMatchObject({ isAdmin: { from: true, to: false } });
  });

  it('asking for the status a member already has changes and logs nothing', async () => {
    const m = await member();
    const before = await lastLogged(db(), 'set_admin_status');
    expect((await api().patch(`/api/admin/users/${m.id}/admin`, env.admin, { isAdmin: false })).statusCode).toBe(200);
    expect(await lastLogged(db(), 'set_admin_status')).toEqual(before);
  });

  it('nobody changes their own: 400 "You cannot remove your own admin status"', async () => {
    const res = await api().patch(`/api/admin/users/${env.admin.id}/admin`, env.admin, { isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot remove your own admin status');
    expect((await row(env.admin.id)).isAdmin).toBe(true);
  });

  it('two administrators removing each other at once leave one: the club always keeps an administrator', async () => {
    const [a, b] = [await signedInAdmin(db()), await signedInAdmin(db())];
    const [ab, ba] = await Promise.all([
      api().patch(`/api/admin/users/${b.id}/admin`, a, { isAdmin: false }),
      api().patch(`/api/admin/users/${a.id}/admin`, b, { isAdmin: false }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
    const still = [(await row(a.id)).isAdmin, (await row(b.id)).isAdmin];
    expect(still.filter(Boolean)).toHaveLength(1);
  });

  it('a suspended member is not made an administrator (409); an unknown member is 404; the body is checked', async () => {
    const m = await member();
    await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, { reason: 'Spam.' });
    const res = await api().patch(`/api/admin/users/${m.id}/admin`, env.admin, { isAdmin: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Lift the suspension before making this member an administrator.');
    expect((await api().patch('/api/admin/users/999999/admin', env.admin, { isAdmin: true })).statusCode).toBe(404);
    const bad = await api().patch(`/api/admin/users/${m.id}/admin`, env.admin, { isAdmin: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Validation failed: isAdmin: isAdmin must be true or false');
  });
});

describe('granting and deducting points', () => {
  it('a grant goes through the ledger with its reason, tells the member, and is logged', async () => {
    const m = await member({ firstName: 'Jean', lastName: 'Fairbairn' });
    const res = await api().post(`/api/admin/users/${m.id}/points`, env.admin, {
      amount: 7,
      reason: 'Thank you for running the club stall',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().puzzlePoints).toBe(12);
    const ledger = await db().select().from(pointsLedger).where(eq(pointsLedger.userId, m.id));
    expect(ledger.at(-1)).toMatchObject({
      amount: 7,
      balanceAfter: 12,
      reason: 'admin_grant',
      createdById: env.admin.id,
      note: 'Thank you for running the club stall',
    });
    expect((await lastLogged(db(), 'adjust_points'))!.details).toMatchObject({
      amount: 7,
      reason: 'Thank you for running the club stall',
      balance: { from: 5, to: 12 },
    });
    const [notice] = await db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, m.id));
    expect(notice).toMatchObject({
      title: 'The club added 7 PuzzlePoints to your balance',
      message: 'Thank you for running the club stall. Your balance is now 12 PuzzlePoints.',
      link: '/profile',
    });
    await drainNotices(env.t.ctx);
    expect((await env.mail.waitFor(m.email, { subject: 'The club added 7 PuzzlePoints' })).text).toContain(
      'Your balance is now 12',
    );
    // The member sees it in their own history.
    expect((await api().get('/api/points/transactions', m)).json()[0]).toMatchObject({
      amount: 7,
      reason: 'admin_grant',
    });
    await expectPointsInvariant(db(), [m.id]);
  });

  it('a deduction is the ledger’s admin_deduct; nobody’s balance goes below zero (409, nothing written)', async () => {
    const m = await member({ firstName: 'Colin', lastName: 'Whitaker', points: 4 });
    const taken = await api().post(`/api/admin/users/${m.id}/points`, env.admin, {
      amount: -3,
      reason: 'Points given twice by mistake',
    });
    expect(taken.json().puzzlePoints).toBe(1);
    const rows = await db().select().from(pointsLedger).where(eq(pointsLedger.userId, m.id));
    expect(rows.at(-1)).toMatchObject({ amount: -3, reason: 'admin_deduct' });

    const tooMuch = await api().post(`/api/admin/users/${m.id}/points`, env.admin, { amount: -2, reason: 'Oops' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("That would take Colin W.'s balance below zero: they have 1 PuzzlePoint.");
    expect((await row(m.id)).puzzlePoints).toBe(1);
    expect(await db().select().from(pointsLedger).where(eq(pointsLedger.userId, m.id))).toHaveLength(rows.length);
    await expectPointsInvariant(db(), [m.id]);
  });

  it('needs a whole amount other than 0 and a reason; an administrator cannot change their own balance', async () => {
    const m = await member();
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: 2.5, reason: 'x' },
      { amount: 5000, reason: 'x' },
    ]) {
      const res = await api().post(`/api/admin/users/${m.id}/points`, env.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({
        path: 'amount',
        message: 'Amount must be a whole number from -1000 to 1000, not 0',
      });
    }
    const noReason = await api().post(`/api/admin/users/${m.id}/points`, env.admin, { amount: 1, reason: ' ' });
    expect(noReason.json().errors[0]).toEqual({ path: 'reason', message: 'Please give a reason' });
    const self = await api().post(`/api/admin/users/${env.admin.id}/points`, env.admin, { amount: 5, reason: 'Me' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot change your own balance. Please ask another administrator.');
  });
});

describe('suspending a member', () => {
  async function tradesAround(suspended: SignedIn) {
    const other = await member({ firstName: 'Rajesh', lastName: 'Patel', points: 20 });
    const theirs = await listingFor(db(), suspended, { title: `Suspended owner's lighthouse ${suspended.id}` });
    const othersListing = await listingFor(db(), other, { title: `Other owner's harbour ${suspended.id}` });
    const acceptedListing = await listingFor(db(), other, { title: `Accepted barn ${suspended.id}` });
    const ask = async (who: SignedIn, listingId: number) =>
      (await api().post('/api/trade-requests', who, { puzzleListingId: listingId })).json().id as number;
    const askedOfThem = await ask(other, theirs.id);
    const theyAsked = await ask(suspended, othersListing.id);
    const accepted = await ask(suspended, acceptedListing.id);
    expect((await api().post(`/api/trade-requests/${accepted}/accept`, other)).statusCode).toBe(200);
    return { other, theirs, askedOfThem, theyAsked, accepted };
  }
  const status = async (id: number) =>
    (await db().select().from(tradeRequests).where(eq(tradeRequests.id, id)))[0]!.status;

  it('ends their sessions and open pages, refuses sign-in saying why and until when, takes their puzzles off browse, closes their pending requests, and e-mails them', async () => {
    const m = await member({ firstName: 'Brenda', lastName: 'McAllister', points: 12 });
    const around = await tradesAround(m);
    const told: ClubEvent[] = [];
    const stop = env.t.ctx.events.subscribe(m.id, (event) => told.push(event));
    const until = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);

    const res = await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, {
      reason: 'Repeated rude messages to other members.',
      until: until.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspension).toMatchObject({
      until: until.toISOString(),
      reason: 'Repeated rude messages to other members.',
    });
    await drainNotices(env.t.ctx);
    stop();
    const why = `Your membership is suspended until ${formatClubDate(until)}: Repeated rude messages to other members.`;

    // Signed out everywhere, at once, and the open page is told why.
    expect((await api().get('/api/auth/user', m)).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect(told).toContainEqual({ type: 'session-ended', data: { message: why } });
    // Signing in says why and until when.
    const signedIn = await signIn(m.email);
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json()).toMatchObject({ code: 'SUSPENDED', message: why });
    // Their puzzle has left browse, and cannot be asked for.
    const browse = await api().get(`/api/puzzle-listings?q=${encodeURIComponent(around.theirs.title)}`, around.other);
    expect(browse.json().items).toEqual([]);
    const asking = await api().post('/api/trade-requests', around.other, { puzzleListingId: around.theirs.id });
    expect(asking.statusCode).toBe(400);
    // Pending requests either way are closed; the accepted trade goes on, its points still held.
    expect(await status(around.askedOfThem)).toBe('declined');
    expect(await status(around.theyAsked)).toBe('cancelled');
    expect(await status(around.accepted)).toBe('accepted');
    await expectPointsInvariant(db(), [m.id, around.other.id]);
    // The other member is told what it means for them, not why.
    const notices = await db()
      .select()
      .from(tradingNotifications)
      .where(eq(tradingNotifications.userId, around.other.id));
    expect(notices.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        `"${around.theirs.title}" is not available at the moment`,
        `The request for "Other owner's harbour ${m.id}" was closed`,
      ]),
    );
    expect(JSON.stringify(notices)).not.toContain('rude');
    // The member's e-mail says why and until when.
    const mail = await env.mail.waitFor(m.email, {
      subject: `Your Jigsaw Club membership is suspended until ${formatClubDate(until)}`,
    });
    expect(mail.text).toContain('Repeated rude messages to other members.');
    // The log says what changed.
    expect(await lastLogged(db(), 'suspend_member')).toMatchObject({
      adminId: env.admin.id,
      target: `user:${m.id}`,
      details: {
        suspension: {
          from: null,
          to: { reason: 'Repeated rude messages to other members.', until: until.toISOString() },
        },
        cancelledRequests: [around.theyAsked],
        declinedRequests: [around.askedOfThem],
      },
    });
    expect(
      (await api().get(`/api/admin/users?q=${encodeURIComponent(m.email)}`, env.admin)).json()[0].suspension,
    ).not.toBeNull();
  });

  it('without an end date is "until further notice"; a session begun anyway is refused and ended', async () => {
    const m = await member({ firstName: 'Alan', lastName: 'Rees' });
    await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, { reason: 'Unpaid postage.' });
    const signedIn = await signIn(m.email);
    expect(signedIn.json().message).toBe('Your membership is suspended until further notice: Unpaid postage.');
    const { token } = await createSession(db(), m.id, false);
    expect((await api().get('/api/auth/user', { cookie: `jc_session=${token}` })).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
  });

  it('with an end date ends by itself then: sign-in works and the puzzles are back', async () => {
    const m = await member({ firstName: 'Moira', lastName: 'Donnelly' });
    const listing = await listingFor(db(), m, { title: `Back by itself ${m.id}` });
    await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, {
      reason: 'A week off.',
      until: new Date(Date.now() + 60_000).toISOString(),
    });
    // A phrase (the database answers) and one word of it (the in-memory index answers).
    const inBrowse = async () =>
      (await api().get(`/api/puzzle-listings?q=${encodeURIComponent(listing.title)}`)).json().items.length;
    const byWord = () => browseByIndex(`q=itself`, listing.id);
    await loadBrowseIndex(db());
    expect(await inBrowse()).toBe(0);
    expect((await byWord()).found).toBe(false);
    // The end date passes (moved back rather than waited for).
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    expect((await signIn(m.email)).statusCode).toBe(200);
    expect(await inBrowse()).toBe(1);
    expect((await byWord()).found).toBe(true);
    expect((await api().get(`/api/admin/users?q=${encodeURIComponent(m.email)}`, env.admin)).json()[0].suspension).toBe(
      null,
    );
  });

  it('takes their puzzles off browse where the in-memory index answers too (a one-word search, no search at all), and their years off the year list', async () => {
    const m = await member({ firstName: 'Oswin', lastName: 'Marsh' });
    const word = `Puffinry${m.id}`;
    // The only puzzle of its year: the year list offers it while browse shows the puzzle.
    const listing = await listingFor(db(), m, { title: word, yearOfManufacture: 1937 });
    forgetBrowseCaches(); // as the listings service does after a write (the year list is remembered)
    await loadBrowseIndex(db());
    const years = async () => (await api().get('/api/puzzle-listings?pageSize=1')).json().years as number[];
    const bySearch = () => browseByIndex(`q=${word.toLowerCase()}`, listing.id);
    // With no search, newest first: their new puzzle leads the first page.
    const unfiltered = () => browseByIndex('', listing.id);
    expect(await bySearch()).toEqual({ found: true, total: 1 });
    const everything = await unfiltered();
    expect(everything.found).toBe(true);
    expect(await years()).toContain(1937);

    expect((await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, { reason: 'Spam.' })).statusCode).toBe(200);
    expect(await bySearch()).toEqual({ found: false, total: 0 });
    expect(await unfiltered()).toEqual({ found: false, total: everything.total - 1 });
    expect(await years()).not.toContain(1937);

    expect((await api().post(`/api/admin/users/${m.id}/unsuspend`, env.admin)).statusCode).toBe(200);
    expect(await bySearch()).toEqual({ found: true, total: 1 });
    expect(await unfiltered()).toEqual(everything);
    expect(await years()).toContain(1937);
  });

  it('is refused for oneself, for another administrator, and with an end date in the past', async () => {
    const self = await api().post(`/api/admin/users/${env.admin.id}/suspend`, env.admin, { reason: 'x' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot suspend yourself.');
    const other = await signedInAdmin(db());
    const admin = await api().post(`/api/admin/users/${other.id}/suspend`, env.admin, { reason: 'x' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe(
      'An administrator cannot be suspended. Remove their admin status first if you really need to.',
    );
    const m = await member();
    const past = await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, {
      reason: 'x',
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ path: 'until', message: 'The end date must be in the future' }]);
    const noReason = await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, {});
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Please give a reason' }]);
    expect((await row(m.id)).suspendedAt).toBeNull();
    expect((await api().post('/api/admin/users/999999/suspend', env.admin, { reason: 'x' })).statusCode).toBe(404);
  });

  it('is lifted by unsuspend: the member signs in again, is e-mailed, and the log says from what', async () => {
    const m = await member({ firstName: 'Susan', lastName: 'Ashworth' });
    await api().post(`/api/admin/users/${m.id}/suspend`, env.admin, { reason: 'Mix-up.' });
    const res = await api().post(`/api/admin/users/${m.id}/unsuspend`, env.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().suspension).toBeNull();
    expect((await signIn(m.email)).statusCode).toBe(200);
    await drainNotices(env.t.ctx);
    expect(
      (await env.mail.waitFor(m.email, { subject: 'Your Jigsaw Club membership is active again' })).text,
    ).toContain('sign in again');
    expect((await lastLogged(db(), 'unsuspend_member'))!.details).toMatchObject({
      suspension: { from: { reason: 'Mix-up.', until: null }, to: null },
    });
    const again = await api().post(`/api/admin/users/${m.id}/unsuspend`, env.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This member is not suspended.');
  });
});

describe('a member’s page for administrators', () => {
  it('shows their account, trades, listings, ledger and the reports about what they wrote', async () => {
    const m = await member({ firstName: 'Hilary', lastName: 'Chambers', points: 10 });
    const owner = await member({ firstName: 'Trevor', lastName: 'Baxter' });
    const listing = await listingFor(db(), owner, { title: 'Canterbury Cathedral' });
    const ownListing = await listingFor(db(), m, { title: 'Her own puzzle' });
    const tradeId = (await api().post('/api/trade-requests', m, { puzzleListingId: listing.id })).json().id;
    for (const [step, who] of [
      ['accept', owner],
      ['ship', owner],
      ['confirm-delivery', m],
    ] as const) {
      await api().post(`/api/trade-requests/${tradeId}/${step}`, who);
    }
    const feedbackId = (
      await api().post(`/api/trade-requests/${tradeId}/feedback`, m, { rating: 1, comment: 'Rubbish, never again.' })
    ).json().id;
    await api().post(`/api/trade-requests/${tradeId}/feedback`, owner, { rating: 5, comment: 'Lovely to deal with.' });
    await api().post(`/api/feedback/${feedbackId}/report`, owner, { reason: 'harassment', details: 'Unkind.' });

    const res = await api().get(`/api/admin/users/${m.id}`, env.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.member).toMatchObject({ id: m.id, email: m.email, puzzlePoints: 5 });
    expect(page.trades.map((t: { id: number; role: string }) => [t.id, t.role])).toEqual([[tradeId, 'admin']]);
    expect(page.listings.map((l: { id: number }) => l.id)).toEqual([ownListing.id]);
    expect(page.ledger.map((l: { reason: string }) => l.reason)).toEqual(['trade_hold', 'admin_grant', 'welcome_gift']);
    expect(page.reports).toHaveLength(1);
    expect(page.reports[0]).toMatchObject({
      kind: 'feedback',
      itemId: feedbackId,
      reason: 'harassment',
      item: { text: 'Rubbish, never again.', author: { id: m.id, name: 'Hilary C.' } },
    });
    expect((await api().get('/api/admin/users/999999', env.admin)).statusCode).toBe(404);
    expect((await api().get('/api/admin/users/abc', env.admin)).json().message).toBe('Member not found');
  });
});

describe('the activity log', () => {
  it('is newest first, a page at a time, and filters by admin, action and time', async () => {
    const other = await signedInAdmin(db(), { firstName: 'Graham', lastName: 'Thornton' });
    const m = await member();
    const start = new Date();
    await api().post(`/api/admin/users/${m.id}/points`, other, { amount: 1, reason: 'One' });
    await api().post(`/api/admin/users/${m.id}/points`, env.admin, { amount: 2, reason: 'Two' });
    await api().patch(`/api/admin/users/${m.id}/admin`, other, { isAdmin: true });

    const byOther = await api().get(`/api/admin/actions?adminId=${other.id}`, env.admin);
    expect(byOther.json().map((a: { action: string }) => a.action)).toEqual(['set_admin_status', 'adjust_points']);
    expect(byOther.json()[0]).toMatchObject({ adminId: other.id, adminName: 'Graham T.', target: `user:${m.id}` });
    const points = await api().get(
      `/api/admin/actions?action=adjust_points&from=${encodeURIComponent(start.toISOString())}`,
      env.admin,
    );
    expect(points.json().map((a: { details: { reason: string } }) => a.details.reason)).toEqual(['Two', 'One']);
    const before = await api().get(
      `/api/admin/actions?action=adjust_points&to=${encodeURIComponent(start.toISOString())}`,
      env.admin,
    );
    expect(before.json().every((a: { timestamp: string }) => a.timestamp < start.toISOString())).toBe(true);
    const firstPage = await api().get('/api/admin/actions?pageSize=2', env.admin);
    expect(firstPage.json()).toHaveLength(2);
    expect(Number(firstPage.headers['x-total-count'])).toBeGreaterThan(2);
    const bad = await api().get('/api/admin/actions?action=made_tea&from=yesterday', env.admin);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['action', 'from']);
    // The rows are in the database as the API says.
    const [logged] = await db()
      .select()
      .from(tradingNotifications)
      .where(and(eq(tradingNotifications.userId, m.id), eq(tradingNotifications.type, 'points_granted')));
    expect(logged).toBeDefined();
  });
});
