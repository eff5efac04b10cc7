import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createPostgresHitCounter, pruneRateLimitHits } from '../../src/server/http/hit-counter';
import { buildSecondInstance, buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';

// Issue 17: on PostgreSQL every limit is counted in the database (rate_limit_hits), so two
// app instances on one database (two processes, in production) refuse at the same count as
// one would. tests/process/scale-out.test.ts does the same through three real processes.

const apps: TestApp[] = [];
let ipCounter = 0;
const freshIp = () => `10.17.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function post(app: TestApp, url: string, payload: object, ip: string) {
  return app.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

describe.skipIf(testDbKind !== 'postgres')('limits counted once for two app instances on one database', () => {
  beforeAll(async () => {
    const first = await buildTestApp();
    apps.push(first, await buildSecondInstance(first));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('the per-IP sign-in limit (100 in 15 minutes) refuses the 101st call, the calls alternating between instances', async () => {
    const ip = freshIp();
    // Invalid sign-ins are quick, and the limit counts every call.
    for (let i = 0; i < 100; i++) {
      const res = await post(apps[i % 2]!, '/api/auth/login', { email: 'quick@example.org', password: '' }, ip);
      expect(res.statusCode, `call ${i + 1}`).toBe(400);
    }
    const refused = await post(apps[0]!, '/api/auth/login', { email: 'quick@example.org', password: '' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many attempts from your network. Please wait a few minutes and try again.',
    );
    // The other instance refuses too; another network is unaffected; another route has its own count.
    expect((await post(apps[1]!, '/api/auth/login', { email: 'a@example.org', password: '' }, ip)).statusCode).toBe(
      429,
    );
    expect(
      (await post(apps[1]!, '/api/auth/login', { email: 'a@example.org', password: '' }, freshIp())).statusCode,
    ).toBe(400);
    expect((await post(apps[1]!, '/api/auth/forgot-password', { email: 'nobody' }, ip)).statusCode).toBe(400);
  });

  it('the per-address reset-mail limit (5 in 15 minutes) refuses the 6th, whichever instance and network asks', async () => {
    const email = `reset.${Date.now().toString(36)}@example.org`;
    for (let i = 0; i < 5; i++) {
      const res = await post(apps[i % 2]!, '/api/auth/forgot-password', { email }, freshIp());
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    const refused = await post(apps[1]!, '/api/auth/forgot-password', { email }, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
    );
    // Another address, and another purpose for the same address, count apart.
    expect((await post(apps[0]!, '/api/auth/forgot-password', { email: `x${email}` }, freshIp())).statusCode).toBe(200);
    expect((await post(apps[0]!, '/api/auth/login-link', { email }, freshIp())).statusCode).toBe(200);
  });

  it('counts exactly under concurrency, starts a new window after one ends, and the pruner deletes ended ones', async () => {
    const [one, two] = apps.map((a) => createPostgresHitCounter(a.database.db));
    const key = `test|concurrent-${Date.now()}`;
    const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one! : two!).hit(key, 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(Math.max(...hits.map((h) => h.ttlMs))).toBeLessThanOrEqual(60_000);

    // The window ended (moved back in time rather than waited for): the next hit counts 1.
    const db = apps[0]!.database.db;
    await db.execute(sql`UPDATE rate_limit_hits SET expires_at = now() - interval '1 second' WHERE key = ${key}`);
    expect((await one!.hit(key, 60_000)).count).toBe(1);

    const ended = `test|ended-${Date.now()}`;
    await one!.hit(ended, 60_000);
    await db.execute(sql`UPDATE rate_limit_hits SET expires_at = now() - interval '1 second' WHERE key = ${ended}`);
    expect(await pruneRateLimitHits(db)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ key: string }>(
      db,
      sql`SELECT key FROM rate_limit_hits WHERE key IN (${key}, ${ended})`,
    );
    expect(left.map((r) => r.key)).toEqual([key]);
  });
});
