import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { requestSerializers } from '../../src/server/http/logging';
import { createMailer } from '../../src/server/mail/mailer';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import type { Database } from '../../src/server/db/client';
import { testConfig } from '../support/build-app';
import { createTestDatabase } from '../support/test-database';

// Operators grep the request log; it must never hold a cookie, a password or a link token.
const lines: string[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const logger = pino({ level: 'info', serializers: requestSerializers }, sink) as FastifyBaseLogger;
  database = await createTestDatabase();
  const config = testConfig();
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir, log: logger });
  const pictures = createPictureStorage(config);
  app = await buildApp({ config, database, mailer, events: createInProcessEventBus(), pictures }, { logger });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logging', () => {
  it('logs one line per request with method and URL, masking tokens, and never cookies or passwords', async () => {
    await app.inject({
      method: 'GET',
      url: '/verify-email?token=SECRET-TOKEN-123&x=1',
      headers: { cookie: 'jc_session=SECRET-COOKIE' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.org', password: 'SECRET-PASSWORD' },
    });
    const log = lines.join('');
    expect(log).toContain('"method":"GET"');
    expect(log).toContain('/verify-email?token=[redacted]&x=1');
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).not.toContain('SECRET-TOKEN-123');
    expect(log).not.toContain('SECRET-COOKIE');
    expect(log).not.toContain('SECRET-PASSWORD');
  });
});
