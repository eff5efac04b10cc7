import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainNotices } from '../../src/server/notices/notices';
import type { TestApp } from '../support/build-app';
import { createListing } from '../support/factories';
import type { MailCatcher } from '../support/mail-catcher';
import { signedInMember, startTradeTestApp, stopTradeTestApp, type TradeTestEnv } from './trades-fixtures';

// Browsing before joining (docs/product/members.md#browsing-before-joining), as the API sees it: browse and a puzzle's page answer
// a visitor; what only members may do answers 401; and the e-mailed join or sign-in link
// carries the page the visitor came from, when it is a page of this site and nothing else.

let t: TestApp;
let mail: MailCatcher;
let api: TradeTestEnv['api'];
beforeAll(async () => {
  ({ t, mail, api } = await startTradeTestApp());
});
afterAll(() => stopTradeTestApp({ t, mail }));

let n = 0;
const email = () => `visitor.${++n}.${Date.now().toString(36)}@example.org`;

describe('a visitor', () => {
  it('browses and opens a puzzle, and sees the owner only as Margaret H. with the town they show', async () => {
    const owner = await signedInMember(t.database.db, { firstName: 'Margaret', lastName: 'Hughes' });
    const listing = await createListing(t.database.db, owner.id, { title: 'Visitors Welcome' });
    const browse = await api.get('/api/puzzle-listings?q=visitors');
    expect(browse.statusCode).toBe(200);
    expect(browse.json().items.map((l: { id: number }) => l.id)).toEqual([listing.id]);
    const detail = await api.get(`/api/puzzle-listings/${listing.id}`);
    expect(detail.json()).toMatchObject({ ownerName: 'Margaret H.', ownerTown: 'Harrogate' });
    expect(detail.body).not.toContain('Hughes');
    expect(detail.json()).not.toHaveProperty('isFavorite');
  });

  it('cannot request, write to the owner or save a favourite without signing in (401)', async () => {
    const owner = await signedInMember(t.database.db);
    const listing = await createListing(t.database.db, owner.id);
    for (const [url, body] of [
      ['/api/trade-requests', { puzzleListingId: listing.id }],
      [
        '/api/message-threads',
        { subject: 'Hi', puzzleListingId: listing.id, recipientId: owner.id, initialMessage: 'Hello' },
      ],
      [`/api/favorites/${listing.id}`, {}],
    ] as const) {
      expect((await api.post(url, undefined, body)).statusCode, url).toBe(401);
    }
  });
});

describe('the page to come back to', () => {
  it('rides in the e-mailed join link, before the token', async () => {
    const to = email();
    const res = await api.post('/api/auth/register-email', undefined, { email: to, returnTo: '/puzzle/12?from=share' });
    expect(res.statusCode).toBe(200);
    const link = mail.linkIn(await mail.waitFor(to));
    const url = new URL(link);
    expect(url.pathname).toBe('/verify-email');
    expect(url.searchParams.get('returnTo')).toBe('/puzzle/12?from=share');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]+$/);
  });

  it('rides in the sign-in link of an address that already has an account, and in the e-mailed login link', async () => {
    const member = await signedInMember(t.database.db, { email: email() });
    await api.post('/api/auth/register-email', undefined, { email: member.email, returnTo: '/browse-puzzles' });
    const already = new URL(mail.linkIn(await mail.waitFor(member.email)));
    expect([already.pathname, already.searchParams.get('returnTo')]).toEqual(['/login-link', '/browse-puzzles']);

    expect(
      (await api.post('/api/auth/login-link', undefined, { email: member.email, returnTo: '/puzzle/7' })).statusCode,
    ).toBe(200);
    await drainNotices(t.ctx);
    const link = new URL(mail.linkIn(await mail.waitFor(member.email)));
    expect([link.pathname, link.searchParams.get('returnTo')]).toEqual(['/login-link', '/puzzle/7']);
  });

  it('is refused unless it is a page of this site (400), and the links stay as before without one', async () => {
    for (const returnTo of [
      '//evil.example/puzzle',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a b',
    ]) {
      const res = await api.post('/api/auth/register-email', undefined, { email: email(), returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'returnTo', message: 'Return path must be a page of this site' }]);
      expect((await api.post('/api/auth/login-link', undefined, { email: email(), returnTo })).statusCode).toBe(400);
    }
    const to = email();
    await api.post('/api/auth/register-email', undefined, { email: to });
    expect(new URL(mail.linkIn(await mail.waitFor(to))).searchParams.has('returnTo')).toBe(false);
  });
});
