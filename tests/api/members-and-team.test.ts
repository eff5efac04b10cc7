import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProfiles, users } from '../../src/server/db/schema';
import { signedInAdmin } from './admin-fixtures';
import { signedInMember, type SignedIn, useTradeTestApp } from './trades-fixtures';

// Issue 23 points 3 and 5 (docs/decisions/0028-members-and-team.md): where each membership
// stands in the admin users list and overview, the activity log's admin filter, a direct
// conversation started from a member's page, the directory's total and a private member left
// unnamed in the activity feed. Each rule with the wrong caller's answer.

const app = useTradeTestApp();
const { api, db } = app;

let n = 0;
const member = (input: Parameters<typeof signedInMember>[1] = {}) =>
  signedInMember(db(), { firstName: `Tester${++n}`, lastName: 'Dunmore', ...input });

type AdminRow = { id: number; status: string; isAdmin: boolean };

/** Every member of the admin users list in one status (100 a page is plenty here). */
async function usersIn(admin: SignedIn, status?: string): Promise<AdminRow[]> {
  const res = await api.get(`/api/admin/users?pageSize=100${status ? `&status=${status}` : ''}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as AdminRow[];
}

/** The four kinds of membership. */
async function fourMembers() {
  const active = await member();
  const notJoined = await member({ passwordHash: null });
  const suspended = await member({ suspendedAt: new Date(), suspensionReason: 'Rude messages.' });
  // As closing a membership leaves the row: no password, a closing time.
  const closed = await member({ passwordHash: null, closedAt: new Date() });
  return { active, notJoined, suspended, closed };
}

describe('GET /admin/users: each member’s status and the status filter', () => {
  it('says active, not_joined, suspended or closed, and filters by it', async () => {
    const admin = await signedInAdmin(db());
    const m = await fourMembers();
    const all = new Map((await usersIn(admin)).map((u) => [u.id, u.status]));
    expect(all.get(m.active.id)).toBe('active');
    expect(all.get(m.notJoined.id)).toBe('not_joined');
    expect(all.get(m.suspended.id)).toBe('suspended');
    expect(all.get(m.closed.id)).toBe('closed');
    expect(all.get(admin.id)).toBe('active');

    for (const [status, who] of [
      ['active', m.active],
      ['not_joined', m.notJoined],
      ['suspended', m.suspended],
      ['closed', m.closed],
    ] as const) {
      const rows = await usersIn(admin, status);
      expect(rows.map((r) => r.id)).toContain(who.id);
      expect(
        rows.every((r) => r.status === status),
        status,
      ).toBe(true);
    }
    const filtered = await api.get('/api/admin/users?status=closed', admin);
    expect(Number(filtered.headers['x-total-count'])).toBe((await usersIn(admin, 'closed')).length);

    // A suspension whose end has passed is over: the member is active again.
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, m.suspended.id));
    expect((await usersIn(admin, 'active')).map((r) => r.id)).toContain(m.suspended.id);
  });

  it('refuses an unknown status (400), a member (403) and a visitor (401)', async () => {
    const admin = await signedInAdmin(db());
    const bad = await api.get('/api/admin/users?status=gone', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be one of: active, not_joined, suspended, closed');
    expect((await api.get('/api/admin/users?status=active', await member())).statusCode).toBe(403);
    expect((await api.get('/api/admin/users?status=active')).statusCode).toBe(401);
  });

  it('a closed membership cannot be made an administrator (409) and stays closed', async () => {
    const admin = await signedInAdmin(db());
    const { closed } = await fourMembers();
    const res = await api.patch(`/api/admin/users/${closed.id}/admin`, admin, { isAdmin: true });
    expect(res.statusCode).toBe(409);
    expect((await usersIn(admin, 'closed')).find((r) => r.id === closed.id)).toMatchObject({ isAdmin: false });
  });
});

describe('GET /admin/overview counts members as the directory and the member home do', () => {
  it('leaves out members who never finished joining and closed memberships', async () => {
    const admin = await signedInAdmin(db());
    await fourMembers();
    const overview = (await api.get('/api/admin/overview', admin)).json() as { members: { total: number } };
    const home = (await api.get('/api/member-content', admin)).json() as { communityHighlights: { members: number } };
    expect(overview.members.total).toBe(home.communityHighlights.members);
    const joined = (await db().select({ id: users.id, passwordHash: users.passwordHash }).from(users)).filter(
      (u) => u.passwordHash !== null,
    );
    expect(overview.members.total).toBe(joined.length);
    const everyone = Number((await api.get('/api/admin/users', admin)).headers['x-total-count']);
    expect(overview.members.total).toBeLessThan(everyone);
  });
});

describe('GET /admin/actions/admins: the activity log’s admin filter', () => {
  it('keeps a former administrator who logged actions, and only administrators may ask', async () => {
    const first = await signedInAdmin(db(), { firstName: 'Agatha' });
    const second = await member({ firstName: 'Bernard' });
    const third = await member({ firstName: 'Cyril' });
    const bystander = await member({ firstName: 'Dorothy' });
    expect((await api.patch(`/api/admin/users/${second.id}/admin`, first, { isAdmin: true })).statusCode).toBe(200);
    // The second administrator logs an action, then loses the status.
    expect((await api.patch(`/api/admin/users/${third.id}/admin`, second, { isAdmin: true })).statusCode).toBe(200);
    expect((await api.patch(`/api/admin/users/${second.id}/admin`, first, { isAdmin: false })).statusCode).toBe(200);

    const res = await api.get('/api/admin/actions/admins', first);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; name: string; isAdmin: boolean }>;
    expect(list.find((a) => a.id === second.id)).toEqual({ id: second.id, name: 'Bernard D.', isAdmin: false });
    expect(list.find((a) => a.id === first.id)).toMatchObject({ isAdmin: true });
    // An administrator who has logged nothing yet is offered too; a member who never was one is not.
    expect(list.find((a) => a.id === third.id)).toMatchObject({ isAdmin: true });
    expect(list.some((a) => a.id === bystander.id)).toBe(false);
    // The log filtered by the former administrator still finds their action.
    const logged = (await api.get(`/api/admin/actions?adminId=${second.id}`, first)).json() as unknown[];
    expect(logged).toHaveLength(1);

    expect((await api.get('/api/admin/actions/admins', second)).statusCode).toBe(403);
    expect((await api.get('/api/admin/actions/admins', bystander)).statusCode).toBe(403);
    expect((await api.get('/api/admin/actions/admins')).statusCode).toBe(401);
  });
});

type Thread = {
  id: number;
  isDirect: boolean;
  puzzleListingId: number | null;
  participantIds: number[];
  otherParticipants: Array<{ id: number; name: string }>;
};
const message = (from: SignedIn | undefined, to: number, text = 'Hello from the club night!') =>
  api.post('/api/message-threads/direct', from, { recipientId: to, initialMessage: text });

describe('POST /message-threads/direct: a message to a member from their page', () => {
  it('opens one conversation per pair, without a puzzle, which both members read', async () => {
    const a = await member({ firstName: 'Audrey' });
    const b = await member({ firstName: 'Basil' });
    const first = await message(a, b.id);
    expect(first.statusCode).toBe(201);
    const thread = first.json() as Thread;
    expect(thread).toMatchObject({
      isDirect: true,
      puzzleListingId: null,
      participantIds: [a.id, b.id].sort((x, y) => x - y),
      otherParticipants: [{ id: b.id, name: 'Basil D.' }],
    });
    // Again, and the other way round: the same conversation (200).
    const again = await message(a, b.id, 'One more thing.');
    expect(again.statusCode).toBe(200);
    expect((again.json() as Thread).id).toBe(thread.id);
    const back = await message(b, a.id, 'Lovely to hear from you.');
    expect(back.statusCode).toBe(200);
    expect((back.json() as Thread).id).toBe(thread.id);

    const listed = (await api.get('/api/message-threads', b)).json() as Thread[];
    expect(listed.find((t) => t.id === thread.id)).toMatchObject({ isDirect: true });
    const messages = (await api.get(`/api/message-threads/${thread.id}/messages`, b)).json() as Array<{
      content: string;
    }>;
    expect(messages.map((m) => m.content)).toEqual([
      'Hello from the club night!',
      'One more thing.',
      'Lovely to hear from you.',
    ]);
    // A third member is told the conversation does not exist.
    const stranger = await member();
    expect((await api.get(`/api/message-threads/${thread.id}/messages`, stranger)).statusCode).toBe(404);
    expect((await api.post(`/api/message-threads/${thread.id}/messages`, stranger, { content: 'Hi' })).statusCode).toBe(
      404,
    );
  });

  it('refuses oneself (400), a private, suspended, closed, unjoined or unknown member (404), and a visitor (401)', async () => {
    const a = await member();
    const self = await message(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot send a message to yourself');

    const { notJoined, suspended, closed } = await fourMembers();
    const hidden = await member();
    await db().insert(memberProfiles).values({ userId: hidden.id, isProfilePublic: false });
    for (const who of [notJoined.id, suspended.id, closed.id, hidden.id, 999_999]) {
      const res = await message(a, who);
      expect(res.statusCode, String(who)).toBe(404);
      expect(res.json().message).toBe('Member not found');
    }
    expect((await message(undefined, hidden.id)).statusCode).toBe(401);
    const empty = await message(a, (await member()).id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Initial message is required');
    // Nothing was started by any refused call.
    expect((await api.get('/api/message-threads', a)).json()).toEqual([]);
  });

  it('shares the limit of messages: 30 a minute per member, then 429', async () => {
    const a = await member();
    const b = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await message(a, b.id, `Note ${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /members: the directory’s total', () => {
  it('carries how many members match in X-Total-Count, the answer still the page', async () => {
    const viewer = await member({ firstName: 'Quillon' });
    await member({ firstName: 'Quillon' });
    const res = await api.get('/api/members?q=Quillon', viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.headers['x-total-count']).toBe('2');
    const all = await api.get('/api/members', viewer);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual((all.json() as unknown[]).length);
    expect((await api.get('/api/members')).statusCode).toBe(401);
  });
});

describe('GET /community/activities: a private member is not named', () => {
  it('shows ‘A member’ without a link for a private profile, the name for a public one', async () => {
    const open = await member({ firstName: 'Ophelia' });
    const hidden = await member({ firstName: 'Horatio' });
    await db().insert(memberProfiles).values({ userId: hidden.id, isProfilePublic: false });
    for (const who of [open, hidden]) {
      const res = await api.post('/api/community/posts', who, {
        title: `A question from ${who.firstName}`,
        content: 'How do you keep the pieces flat on a warm day?',
        category: 'help',
      });
      expect(res.statusCode).toBe(201);
    }
    const feed = (await api.get('/api/community/activities', open)).json() as Array<{
      userId: number | null;
      userName: string;
      description: string;
    }>;
    const line = (name: string) => feed.find((f) => f.description.includes(name))!;
    expect(line('Ophelia')).toMatchObject({ userId: open.id, userName: 'Ophelia D.' });
    expect(line('Horatio')).toMatchObject({ userId: null, userName: 'A member' });
    expect(JSON.stringify(feed)).not.toContain('Horatio D.');
  });
});
