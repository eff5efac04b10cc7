import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openEmbedded, openPostgres, type Database } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** `filePrefix`: every test file's database this run is named with it (dropped at its end). */
    postgresTemplate: { adminUrl: string; templateName: string; filePrefix: string };
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

/**
 * A new name for a PostgreSQL database a test makes, that the run drops when it ends with its
 * others (global-setup-postgres.ts). `what` says what it is for.
 */
export function runDatabaseName(what: string): string {
  return `${inject('postgresTemplate').filePrefix}${what}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
}

/** A fresh, migrated database for one test file (a copy of the template built once per run). */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'embedded') {
    const template = fs.readFileSync(inject('pgliteTemplatePath'));
    return openEmbedded(os.tmpdir(), { inMemory: true, migrate: false, loadDataDir: new Blob([template]) });
  }
  const { adminUrl, templateName } = inject('postgresTemplate');
  const name = runDatabaseName('file');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  await admin.end();
  // Dropped with the run's others when the run ends (global-setup-postgres.ts), not here: every
  // DROP DATABASE makes PostgreSQL checkpoint, writing out what the files running beside it had
  // changed, and dropping each file's database as it closed cost the API project on PostgreSQL
  // 129 s against 108 s (240 s of CPU against 211 s), while the 85 drops at the end take 7 s
  // (2 Dec 2026).
  return openPostgres(urlForDatabase(adminUrl, name), { migrate: false, max: 10 });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `jc-${prefix}-`));
}
