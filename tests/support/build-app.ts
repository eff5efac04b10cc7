import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/app-context';
import { loadConfig, type Config } from '../../src/server/config';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client';
import { createTestDatabase, tempDir, urlForDatabase } from './test-database';
import { createMailer } from '../../src/server/mail/mailer';
import { createMailQueue, type MailQueue } from '../../src/server/mail/mail-queue';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { createPostgresEventBus } from '../../src/server/events/postgres-event-bus';
import { createLogger } from '../../src/server/http/logging';
import { createPictureStorage } from '../../src/server/uploads/create-storage';

const silentLogger = createLogger('silent');

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** ctx.mailer, with the queue job's sendDue. */
  mailQueue: MailQueue;
  close(): Promise<void>;
};

/** Test configuration: a private data folder, no client unless asked, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = tempDir('data');
  return {
    // Distance is off unless a test starts a postcode stand-in (tests/support/postcode-geo-stand-in.ts).
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      POSTCODE_GEO_URL: 'off',
    }),
    clientDir: undefined,
    ...overrides,
  };
}

/** The outgoing mail queue as the app has it (a second one on the same database is a second process's). */
export function createTestMailQueue(database: Database, config: Config): MailQueue {
  const transport = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: silentLogger,
  });
  return createMailQueue(database.db, transport, {
    appUrl: config.appUrl,
    unsubscribeSecret: config.unsubscribeSecret,
    log: silentLogger,
  });
}

/**
 * A fresh app on a fresh database, driven in-process with app.inject. `beforeReady` may add
 * hooks to the built app before it starts (a test that watches every answer).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const mailer = createTestMailQueue(database, config);
  // The same bus as production: on PostgreSQL events travel through LISTEN/NOTIFY.
  const events = database.pool ? await createPostgresEventBus(database.pool) : createInProcessEventBus();
  // Pictures in a private folder, or in the bucket when the test configures one (s3-stand-in.ts).
  const pictures = createPictureStorage(config);
  const ctx: AppContext = { config, database, mailer, events, pictures };
  const app = await buildApp(ctx);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx,
    database,
    mailQueue: mailer,
    async close() {
      await app.close();
      await events.close();
      await pictures.close();
      await database.close();
    },
  };
}

/**
 * A second app instance on the same PostgreSQL database as `first`, with its own pool and its
 * own LISTEN connection, as a second app process would have: what the two share, they share
 * through the database.
 */
export async function buildSecondInstance(first: TestApp): Promise<TestApp> {
  if (first.database.kind !== 'postgres') throw new Error('a second instance needs PostgreSQL');
  const { rows } = await first.database.pool!.query<{ name: string }>('SELECT current_database() AS name');
  const { adminUrl } = inject('postgresTemplate');
  const database = await openPostgres(urlForDatabase(adminUrl, rows[0]!.name), { migrate: false, max: 4 });
  const events = await createPostgresEventBus(database.pool!);
  const mailer = createTestMailQueue(database, first.ctx.config);
  const ctx: AppContext = { ...first.ctx, database, events, mailer };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    database,
    mailQueue: mailer,
    async close() {
      await app.close();
      await events.close();
      await database.close();
    },
  };
}
