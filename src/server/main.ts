import { ConfigError, loadConfig } from './config';
import { DatabaseStartError, openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { buildApp } from './app';
import { createMailer } from './mail/mailer';
import { createMailQueue } from './mail/mail-queue';
import { startMailQueueJob } from './jobs/mail-queue-job';
import { startDigestJob } from './jobs/digests';
import { createInProcessEventBus } from './events/event-bus';
import { startUnreadMessageMailJob } from './jobs/unread-message-mail';
import { startTradeSweeper } from './jobs/trade-sweeper';
import { startMemberLocator } from './jobs/locate-members';
import { startWantedSweeper } from './jobs/wanted-sweeper';
import { stopWantedMatching } from './wanted/wanted-matching-service';
import { startAccountPruner } from './jobs/prune-accounts';
import { startRateLimitPruner } from './jobs/prune-rate-limits';
import { startUnusedPictureRemover } from './jobs/remove-unused-pictures';
import { createLogger } from './http/logging';
import { createPictureStorage } from './uploads/create-storage';
import { afterReplyIdle } from './http/after-reply';

// Start-up: config -> database (migrated) -> app -> listen. Any known failure ends with one
// clear line and exit code 1. SIGTERM/SIGINT stop accepting, let requests finish, close the
// database and exit.

function fail(message: string): never {
  process.stderr.write(`jigsaw-club: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DatabaseStartError || err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }

  const logger = createLogger(config.logLevel);
  const transport = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: logger,
  });
  // Every e-mail goes through the queue in the database (decision 0033), sent at once and again after a failure.
  const mailer = createMailQueue(database.db, transport, {
    appUrl: config.appUrl,
    unsubscribeSecret: config.unsubscribeSecret,
    log: logger,
  });
  // Several processes on one PostgreSQL database hear each other's events through it.
  // (Loaded only then: it needs the pg driver, which the embedded database does not.)
  const events = database.pool
    ? await (
        await import('./events/postgres-event-bus')
      ).createPostgresEventBus(database.pool, { log: logger, listenUrl: config.databaseListenUrl })
    : createInProcessEventBus();
  const pictures = createPictureStorage(config);
  const ctx = { config, database, mailer, events, pictures };
  const app = await buildApp(ctx, { logger });
  const stopUnreadMail = startUnreadMessageMailJob(ctx, logger);
  const stopMailQueue = startMailQueueJob(database.db, mailer, logger);
  const stopDigests = startDigestJob(
    { db: database.db, mailQueue: mailer, appUrl: config.appUrl, timeZone: config.clubTimeZone },
    logger,
  );
  const stopTradeSweeper = startTradeSweeper(ctx, logger);
  const stopWantedSweeper = startWantedSweeper(ctx, logger);
  const stopAccountPruner = startAccountPruner(ctx, logger);
  const stopRateLimitPruner = startRateLimitPruner(ctx, logger);
  const stopPictureRemover = startUnusedPictureRemover(ctx, logger);
  const stopMemberLocator = startMemberLocator(ctx, logger);
  app.addHook('onClose', async () => {
    // This hook runs before the routes' own onClose hooks: wait here for the work queued
    // after answers, which still needs the database. Wanted's matcher stops after the
    // listing in hand: the rest of its queue waits in the database (decision 0030).
    stopWantedMatching(ctx);
    await afterReplyIdle(ctx);
    await stopUnreadMail();
    await stopMailQueue();
    await stopDigests();
    await stopTradeSweeper();
    await stopWantedSweeper();
    await stopAccountPruner();
    await stopRateLimitPruner();
    await stopPictureRemover();
    await stopMemberLocator();
    await events.close();
    await pictures.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      fail(`Port ${config.port} is already in use. Stop the other program or set PORT to a free port.`);
    }
    if (code === 'EACCES') fail(`Not allowed to listen on port ${config.port}. Choose a PORT above 1024.`);
    if (code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this machine.`);
    throw err;
  }
  app.log.info(
    `Jigsaw Club is ready at ${config.appUrl} (database: ${database.kind}, pictures: ${pictures.description})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`jigsaw-club: could not start: ${(err as Error).message}\n`);
  process.exit(1);
});
