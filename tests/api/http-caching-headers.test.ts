import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registerSecurityHeaders } from '../../src/server/http/security-headers';
import { registerClient } from '../../src/server/http/static-client';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';
import { tempDir } from '../support/test-database';

// No browser or proxy keeps an API answer (they are personal: a member's data, or who is
// signed in), and every answer switches off the browser features the club never uses
// (docs/decisions/0012-http-caching.md).

let t: TestApp;
let cookie: string;
let listingId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const member = await createMember(t.database.db);
  listingId = (await createListing(t.database.db, member.id)).id;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password: 'correct horse battery' },
  });
  const session = login.cookies.find((c) => c.name === 'jc_session')!;
  cookie = `jc_session=${session.value}`;
});
afterAll(async () => {
  await t.close();
});

// Every GET of the API but the live event stream (an endless answer; its own header is
// 'no-cache, no-transform', which proxies need to pass it on unbuffered).
const READS = [
  '/api/auth/user',
  '/api/points/transactions',
  '/api/favorites',
  '/api/message-threads',
  '/api/message-threads/1/messages',
  '/api/messages/unread-count',
  '/api/notifications',
  '/api/notifications/unread-count',
  '/api/trade-requests',
  '/api/trade-requests/1',
  '/api/trade-requests/1/feedback',
  '/api/members/1/feedback',
  '/api/member-content',
  '/api/activity/recent',
  '/api/stats',
  '/api/manufacturers',
  '/api/manufacturers/active',
  '/api/puzzle-listings',
  '/api/health',
];

function expectNoStore(res: { headers: Record<string, unknown> }, what: string) {
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
}

describe('API answers are never stored', () => {
  it('for a signed-in member, on every read of the API, whatever its status', async () => {
    for (const url of [...READS, `/api/puzzle-listings/${listingId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      expectNoStore(res, url);
    }
  });

  it('signed out too: public reads, refusals and unknown paths', async () => {
    for (const url of [...READS, '/api/no-such-thing']) {
      expectNoStore(await t.app.inject({ method: 'GET', url }), url);
    }
  });

  it('on every sign-in call: answers, validation errors and signing in itself', async () => {
    const calls = [
      { url: '/api/auth/forgot-password', payload: { email: 'someone@example.org' } },
      { url: '/api/auth/login-link', payload: { email: 'someone@example.org' } },
      { url: '/api/auth/register-email', payload: { email: 'not an address' } },
      { url: '/api/auth/login', payload: { email: 'someone@example.org', password: 'wrong password' } },
      { url: '/api/auth/logout', payload: {} },
    ];
    for (const { url, payload } of calls) {
      expectNoStore(await t.app.inject({ method: 'POST', url, payload, headers: { cookie } }), url);
    }
  });
});

describe('the Permissions-Policy', () => {
  it('switches off camera, microphone, geolocation, payment, USB and ad-topic tracking', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    // The Share button copies a link.
    expect(PERMISSIONS_POLICY).not.toContain('clipboard');
  });

  it('comes with the pages and their assets, which keep their own caching', async () => {
    const dir = tempDir('client');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    const app = Fastify();
    await registerSecurityHeaders(app);
    await registerClient(app, dir);
    try {
      const page = await app.inject({ method: 'GET', url: '/browse-puzzles' });
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
      expect(asset.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await app.close();
    }
  });
});
