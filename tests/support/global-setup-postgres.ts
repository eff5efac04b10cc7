import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { oncePerRun } from './once-per-run';
import { urlForDatabase } from './test-database';

// One migrated template database per run, shared by the projects that use PostgreSQL
// (api-postgres, timing); each test file gets CREATE DATABASE … TEMPLATE.

/** This run's template database (the run's process id keeps runs side by side apart). */
const TEMPLATE_NAME = `jc_template_${process.pid}`;
/** What the databases this run's tests make are named with (test-database.ts). */
const FILE_PREFIX = `jc_t_${process.pid}_`;

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const { value: templateName, teardown } = await oncePerRun(
    'postgres-template',
    () => buildTemplate(adminUrl),
    (name) => dropRunDatabases(adminUrl, name),
  );
  project.provide('postgresTemplate', { adminUrl, templateName, filePrefix: FILE_PREFIX });
  return teardown;
}

/** A new database, migrated (and closed, so it can be copied): its name. */
async function buildTemplate(adminUrl: string): Promise<string> {
  await dropDatabases(adminUrl, [TEMPLATE_NAME]);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${TEMPLATE_NAME}"`);
  await admin.end();
  const database = await openPostgres(urlForDatabase(adminUrl, TEMPLATE_NAME), { max: 2 });
  await database.close();
  return TEMPLATE_NAME;
}

/** Drops every database this run's tests made, then the template. */
async function dropRunDatabases(adminUrl: string, templateName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
    [FILE_PREFIX],
  );
  await admin.end();
  await dropDatabases(adminUrl, [...rows.map((row) => row.datname), templateName]);
}

/**
 * Drops these databases, each once its connections have gone. A pool's end() resolves as soon
 * as it has asked its connections to close, not when they have, and a DROP … WITH (FORCE) at
 * once terminated one still closing, whose client reported it as an unhandled error that
 * failed a run (2 Dec 2026). FORCE stays for a connection a test left open.
 */
async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
