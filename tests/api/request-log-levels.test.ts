import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { createLogger, SLOW_REQUEST_MS } from '../../src/server/http/logging';
import { createMailer } from '../../src/server/mail/mailer';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { testConfig } from '../support/build-app';
import { createTestDatabase, tempDir } from '../support/test-database';

// docs/operations.md#logs: one line per request, at its end; a successful health check or file
// at debug (not written at the default info level); API calls, pages and 4xx at info; a slow
// request at warn; 5xx at error.

type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };
const lines: Line[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

const INFO = 30;
const WARN = 40;
const ERROR = 50;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line) as Line);
      cb();
    },
  });
  const logger = createLogger('info', sink);
  const clientDir = tempDir('client');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'export {};');
  database = await createTestDatabase();
  const config = testConfig({ clientDir });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir, log: logger });
  app = await buildApp(
    { config, database, mailer, events: createInProcessEventBus(), pictures: createPictureStorage(config) },
    { logger },
  );
  // Two routes of the test's own, for the two outcomes no real route gives on demand.
  app.get('/api/test-only/fails', async () => {
    throw new Error('broken on purpose');
  });
  app.get('/api/test-only/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The lines one request wrote. */
async function linesOf(url: string): Promise<Line[]> {
  const from = lines.length;
  await app.inject({ method: 'GET', url });
  return lines.slice(from);
}

describe('the request log', () => {
  it('writes nothing at info for a successful health check or file', async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/app-1234.js' })).statusCode).toBe(200);
    expect(await linesOf('/api/health')).toEqual([]);
    expect(await linesOf('/assets/app-1234.js')).toEqual([]);
  });

  it('writes one info line at the end of an API call, a page and a 404', async () => {
    for (const [url, status] of [
      ['/api/manufacturers', 200],
      ['/members', 200],
      ['/api/no-such-thing', 404],
      ['/assets/missing-5678.js', 404],
    ] as const) {
      const written = await linesOf(url);
      expect(written, url).toHaveLength(1);
      expect(written[0]).toMatchObject({ level: INFO, msg: 'request completed', req: { method: 'GET', url } });
      expect(written[0]!.res!.statusCode, url).toBe(status);
    }
  });

  it('writes a failure at error and a slow request at warn', async () => {
    const failed = await linesOf('/api/test-only/fails');
    expect(failed.map((l) => [l.level, l.msg])).toEqual([
      [ERROR, 'request failed'],
      [ERROR, 'request completed'],
    ]);
    const slow = await linesOf('/api/test-only/slow');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: WARN, msg: 'slow request', req: { url: '/api/test-only/slow' } });
  });
});
