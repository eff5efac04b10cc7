// `npm run send-digests -- daily|weekly`: sends that digest now, as the scheduler does at
// 07:00, to every member with something new since their last one, and exits. Run again at
// once, it sends nothing (docs/product/email.md#digests, docs/operations.md).
import { ConfigError, loadConfig } from '../src/server/config';
import { DatabaseStartError, openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { DIGEST_KINDS, type DigestKind } from '../src/domain/email-preferences';
import { sendDigests } from '../src/server/digests/digests-service';
import { createLogger } from '../src/server/http/logging';
import { createMailQueue } from '../src/server/mail/mail-queue';
import { createMailer } from '../src/server/mail/mailer';

function fail(message: string): never {
  process.stderr.write(`jigsaw-club: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const kind = process.argv[2]?.trim() as DigestKind;
  if (!DIGEST_KINDS.includes(kind)) fail('usage: npm run send-digests -- daily|weekly');

  let config;
  let database;
  try {
    config = loadConfig();
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DatabaseStartError || err instanceof DataDirLockedError) {
      fail(err.message);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  try {
    const transport = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
    const mailQueue = createMailQueue(database.db, transport, {
      appUrl: config.appUrl,
      unsubscribeSecret: config.unsubscribeSecret,
      log,
    });
    const now = new Date();
    const sent = await sendDigests(
      { db: database.db, mailQueue, appUrl: config.appUrl, timeZone: config.clubTimeZone },
      kind,
      now,
      now,
      log,
    );
    process.stdout.write(`jigsaw-club: ${sent} ${kind} digest${sent === 1 ? '' : 's'} sent\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`jigsaw-club: could not send digests: ${(err as Error).message}\n`);
  process.exit(1);
});
