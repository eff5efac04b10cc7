import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../src/server/http/security-headers';
import { registerClient } from '../../src/server/http/static-client';
import { buildTestApp, type TestApp } from '../support/build-app';
import { tempDir, testDbKind } from '../support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers ok with the kind of database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDbKind });
  });
});

describe('errors are JSON with a message', () => {
  it('an unknown /api path is a 404 with a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toMatch(/Not found/);
  });

  it('an unknown /api path with POST is also a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });

  it('an address the router cannot take gets the same JSON, without echoing it back', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/postcode-lookup/${'A'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'That address is too long.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/puzzle-listings/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'That address is not valid.' });
  });

  it('malformed JSON is a 400 that says so, without a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.js/);
  });

  it('a form-encoded or text body is refused with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('a call that needs sign-in answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('cross-site request forgery', () => {
  it('refuses a mutating call from another site (Origin) with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/another website/);
  });

  it('refuses a mutating call marked cross-site by Sec-Fetch-Site when there is no Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('allows a call from the app itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets reads through from anywhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the page tells the client the club address (APP_URL) for share links', () => {
  const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Jigsaw Club</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

  async function clientApp(appUrl: (() => string) | undefined) {
    const dir = tempDir('client');
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    const app = Fastify();
    await registerSecurityHeaders(app);
    await registerClient(app, dir, appUrl ? { appUrl } : {});
    await app.ready();
    return app;
  }

  const metaOf = (html: string) => /<meta name="app-url" content="([^"]*)" \/>/.exec(html)?.[1];

  it('writes the configured APP_URL into index.html, on every page path, under the strict CSP', async () => {
    let configured = 'https://club.example.org';
    const app = await clientApp(() => configured);
    try {
      for (const url of ['/', '/browse-puzzles?q=castle', '/puzzle/12', '/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(metaOf(res.body), url).toBe('https://club.example.org');
        // In the head, and the rest of the page as built.
        expect(res.body.indexOf('name="app-url"')).toBeLessThan(res.body.indexOf('</head>'));
        expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
        // Data, not script: the policy still allows no inline script.
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      }
      // Read at each request: a test server learns its port after start-up.
      configured = 'http://127.0.0.1:45678';
      expect(metaOf((await app.inject({ method: 'GET', url: '/' })).body)).toBe('http://127.0.0.1:45678');
      // Assets are served as they are.
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
      expect(asset.body).toBe('console.log(1)');
    } finally {
      await app.close();
    }
  });

  it('escapes the address, so it can never close the attribute or add markup', async () => {
    const app = await clientApp(() => 'https://club.example.org/?a="><script>alert(1)</script>&b=\'');
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(metaOf(res.body)).toBe(
        'https://club.example.org/?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;b=&#39;',
      );
      expect(res.body).not.toContain('<script>alert(1)');
    } finally {
      await app.close();
    }
  });

  it('without an address the page is served as built (the client falls back to its own origin)', async () => {
    const app = await clientApp(undefined);
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await app.close();
    }
  });
});
