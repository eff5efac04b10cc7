import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, migrationsFolder } from '../../src/server/db/client';
import { oncePerRun } from './once-per-run';

// Creating and migrating a PGlite database takes seconds; loading a dump of one takes half
// a second. Build the template once per run (shared by every project that uses it) and let
// every test file load a copy.
export default async function setup(project: TestProject) {
  const { value: file, teardown } = await oncePerRun('pglite-template', buildTemplate, (built) =>
    fs.rmSync(path.dirname(built), { recursive: true, force: true }),
  );
  project.provide('pgliteTemplatePath', file);
  return teardown;
}

/** A migrated, checkpointed embedded database, dumped to a file: the file's path. */
async function buildTemplate(): Promise<string> {
  // A copy is what each file opens (about 110 a run), so it is kept small: WAL segments of 1 MB,
  // not 16 (a new database's WAL is one whole segment), no template0 and template1 (the tests
  // never create a database in the embedded one), and the migrations written out (CHECKPOINT)
  // rather than replayed from the WAL at every open. The copy went from 44 to 19 MB and each
  // open from about 0.65 to 0.47 s of CPU (eight opens, 28 Nov 2026).
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, initDbStartParams: ['--wal-segsize=1'] });
  await migrate(drizzle(client), { migrationsFolder });
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  // One statement each: DROP DATABASE refuses to run inside exec()'s implicit transaction.
  await client.query('DROP DATABASE template0');
  await client.query('DROP DATABASE template1');
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jc-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}
