import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-app';
import { http, listingFor, signedInMember, uniqueEmail } from './trades-fixtures';

// Issue 14 point 3 through the API: the listing page learns of the viewer's own open request
// (in the same query), the join page can ask whether its link is still good without using
// it, and the e-mails wear the site's colours and type with one button.

describe('what members tripped over, through the API', () => {
  let t: TestApp;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: undefined, appUrl: 'http://club.test' });
    api = http(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/puzzle-listings/{id}: myOpenRequest', () => {
    it('tells the requester of their open request, and nobody else', async () => {
      const db = t.database.db;
      const owner = await signedInMember(db, { firstName: 'Derek', lastName: 'Potter' });
      const asker = await signedInMember(db, { firstName: 'Ann', points: 10 });
      const other = await signedInMember(db, { firstName: 'Olive' });
      const listing = await listingFor(db, owner, { puzzlePoints: 3 });

      expect((await api.get(`/api/puzzle-listings/${listing.id}`, asker)).json().myOpenRequest).toBeNull();
      const sent = await api.post('/api/trade-requests', asker, { puzzleListingId: listing.id });
      expect(sent.statusCode).toBe(201);
      const trade = sent.json();

      const mine = await api.get(`/api/puzzle-listings/${listing.id}`, asker);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().myOpenRequest).toEqual({ tradeId: trade.id, status: 'pending', createdAt: trade.createdAt });
      expect(mine.json().ownerName).toBe('Derek P.');
      // Another member, the owner and a visitor hear nothing of it.
      expect((await api.get(`/api/puzzle-listings/${listing.id}`, other)).json().myOpenRequest).toBeNull();
      expect((await api.get(`/api/puzzle-listings/${listing.id}`, owner)).json().myOpenRequest).toBeNull();
      expect((await api.get(`/api/puzzle-listings/${listing.id}`)).json()).not.toHaveProperty('myOpenRequest');

      // Accepted: still the asker's, with its new status; cancelled: gone.
      expect((await api.post(`/api/trade-requests/${trade.id}/accept`, owner)).statusCode).toBe(200);
      expect((await api.get(`/api/puzzle-listings/${listing.id}`, asker)).json().myOpenRequest.status).toBe('accepted');
      expect((await api.post(`/api/trade-requests/${trade.id}/cancel`, asker)).statusCode).toBe(200);
      expect((await api.get(`/api/puzzle-listings/${listing.id}`, asker)).json().myOpenRequest).toBeNull();
    });

    it('still answers 404 for another member’s draft', async () => {
      const db = t.database.db;
      const owner = await signedInMember(db);
      const asker = await signedInMember(db);
      const draft = await listingFor(db, owner, { status: 'draft' });
      expect((await api.get(`/api/puzzle-listings/${draft.id}`, asker)).statusCode).toBe(404);
    });
  });

  describe('POST /api/auth/verify-email/check', () => {
    const mailDir = () => path.join(t.ctx.config.dataDir, 'mail');
    async function joinLink(email: string): Promise<string> {
      const before = new Set(fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : []);
      expect((await api.post('/api/auth/register-email', undefined, { email })).statusCode).toBe(200);
      // Other mail (the trade notices above) may land in the folder too: find this one's.
      for (const file of fs.readdirSync(mailDir()).filter((f) => f.endsWith('.eml') && !before.has(f))) {
        const parsed = await simpleParser(fs.readFileSync(path.join(mailDir(), file)));
        const link = parsed.text?.match(/http:\/\/club\.test\/verify-email\?token=[\w-]+/)?.[0];
        const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
        if (link && to?.text === email) return new URL(link).searchParams.get('token')!;
      }
      throw new Error(`no join e-mail for ${email}`);
    }
    const check = async (token: string) =>
      (await api.post('/api/auth/verify-email/check', undefined, { token })).json();

    it('says ready, then used, without using the link itself', async () => {
      const token = await joinLink(uniqueEmail('check'));
      expect(await check(token)).toEqual({ state: 'ready' });
      expect(await check(token)).toEqual({ state: 'ready' });
      const joined = await api.post('/api/auth/verify-email', undefined, { token, password: 'a lovely password' });
      expect(joined.statusCode).toBe(200);
      expect(await check(token)).toEqual({ state: 'used' });
    });

    it('says expired for an old link and unknown for one never sent', async () => {
      const email = uniqueEmail('expired');
      const token = await joinLink(email);
      await t.database.db
        .update(authTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(authTokens.email, email));
      expect(await check(token)).toEqual({ state: 'expired' });
      expect(await check('never-sent-anywhere')).toEqual({ state: 'unknown' });
    });

    it('refuses a missing token with 400 naming the field', async () => {
      const res = await api.post('/api/auth/verify-email/check', undefined, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'token' })]);
    });
  });

  it('sends e-mails in the site’s colours and type, with one button', async () => {
    const email = uniqueEmail('look');
    const mailDir = path.join(t.ctx.config.dataDir, 'mail');
    const before = new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);
    await api.post('/api/auth/register-email', undefined, { email });
    let html = '';
    for (const file of fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml') && !before.has(f))) {
      const parsed = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
      if ((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text === email) html = String(parsed.html);
    }
    expect(html).toContain('font-family:system-ui');
    expect(html).not.toContain('Georgia');
    expect(html).toContain('font-size:20px');
    expect(html).toContain('background:#115e59');
    expect(html).toContain('color:#134e4a');
    // One link: the button; the address is written out as text to copy.
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toMatch(/<a href="http:\/\/club\.test\/verify-email\?token=[\w-]+" style="[^"]*font-size:22px[^"]*">/);
  });
});
