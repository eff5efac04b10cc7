import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openEmbedded, openPostgres, type Database } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; templateName: string };
  }
}

export const testDbKind = (process.env.TEST_DB_KIND ?? 'embedded') as 'embedded' | 'postgres';

/**
 * Tests that ask the same questions through the same handlers and schemas whichever database
 * answers run once: the generated sweeps (bad input, the authorization table, admin access)
 * and the sign-in calls' timing. On PostgreSQL when the run has it (production's database,
 * and 2.5 times faster at it: 71 s against 177 s for the bad-input sweep), else on the
 * embedded one, so a newcomer's `npm test` still runs them.
 * docs/decisions/0019-generated-security-tests.md.
 */
export const runOnOneDatabase = testDbKind === 'postgres' || !process.env.TEST_DATABASE_URL;

export function urlForDatabase(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

let counter = 0;

/** A fresh, migrated database for one test file (a copy of the template built once per run). */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'embedded') {
    const template = fs.readFileSync(inject('pgliteTemplatePath'));
    return openEmbedded(os.tmpdir(), { inMemory: true, migrate: false, loadDataDir: new Blob([template]) });
  }
  const { adminUrl, templateName } = inject('postgresTemplate');
  const name = `jc_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  await admin.end();
  const database = await openPostgres(urlForDatabase(adminUrl, name), { migrate: false, max: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `jc-${prefix}-`));
}
