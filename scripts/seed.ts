// `npm run seed`: fills the database (DATA_DIR or DATABASE_URL) with a believable demo club.
// Idempotent and safe to interrupt: see scripts/demo/steps.ts.
import { ConfigError, loadConfig } from '../src/server/config';
import { DatabaseStartError, openDatabase, type Database } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { createPictureStorage } from '../src/server/uploads/create-storage';
import { SUSPENDED_EMAIL } from './demo/admin';
import { ADMIN_EMAIL, DEMO_MEMBERS, DEMO_PASSWORD } from './demo/members';
import { runSeed } from './demo/steps';

function fail(message: string): never {
  process.stderr.write(`jigsaw-club: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  let database: Database;
  try {
    const config = loadConfig();
    database = await openDatabase(config);
    const pictures = createPictureStorage(config);
    console.log(`Seeding the ${database.kind} database; pictures go to the ${pictures.description}`);
    try {
      await runSeed(database.db, { pictures, log: (line) => console.log(line) });
    } finally {
      await pictures.close();
      await database.close();
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DatabaseStartError || err instanceof DataDirLockedError) {
      fail(err.message);
    }
    throw err;
  }

  console.log(`\nDemo club ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Every demo member's password is '${DEMO_PASSWORD}'. Sign in as:`);
  const note = (email: string) =>
    email === ADMIN_EMAIL
      ? ' (administrator: the admin panel is at /admin)'
      : email === SUSPENDED_EMAIL
        ? ' (suspended for a fortnight: signing in says why)'
        : '';
  for (const m of DEMO_MEMBERS) {
    console.log(`  ${m.email.padEnd(32)} ${m.firstName} ${m.lastName}${note(m.email)}`);
  }
}

main().catch((err: unknown) => {
  fail(`seeding failed: ${(err as Error).message}`);
});
