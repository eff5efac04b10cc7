import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-app';

// RFC 9116: where to report a security problem (docs/security.md, "Reporting a problem").

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ appUrl: 'https://www.jigsaw-club.example' });
});
afterAll(async () => {
  await t.close();
});

describe('/.well-known/security.txt', () => {
  it('names the club contact, a policy that is served, and an expiry within a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(
      res.body
        .trim()
        .split('\n')
        .map((line) => line.split(/: (.*)/s).slice(0, 2) as [string, string]),
    );
    expect(fields.Contact).toBe('mailto:security@jigsaw-club.example');
    expect(fields.Canonical).toBe('https://www.jigsaw-club.example/.well-known/security.txt');
    const expires = Date.parse(fields.Expires!);
    expect(expires).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 366 * 86_400_000);

    const policy = await t.app.inject({ method: 'GET', url: new URL(fields.Policy!).pathname });
    expect(policy.statusCode).toBe(200);
    expect(policy.body).toContain('reporting a security problem');
    expect(policy.headers['permissions-policy']).toBeTruthy();
  });
});
