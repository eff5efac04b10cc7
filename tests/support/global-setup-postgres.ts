import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { oncePerRun } from './once-per-run';
import { dropTestDatabase, urlForDatabase } from './test-database';

// One migrated template database per run, shared by the projects that use PostgreSQL
// (api-postgres, timing); each test file gets CREATE DATABASE … TEMPLATE.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const { value: templateName, teardown } = await oncePerRun(
    'postgres-template',
    () => buildTemplate(adminUrl),
    (name) => dropRunDatabases(adminUrl, name),
  );
  project.provide('postgresTemplate', { adminUrl, templateName, filePrefix: filePrefix() });
  return teardown;
}

/** This run's template database (the run's process id keeps runs side by side apart). */
const templateNameOfRun = () => `jc_template_${process.pid}`;
/** What this run's test files' databases are named with (test-database.ts). */
const filePrefix = () => `jc_t_${process.pid}_`;

/** A new database, migrated (and closed, so it can be copied): its name. */
async function buildTemplate(adminUrl: string): Promise<string> {
  const templateName = templateNameOfRun();
  await dropTestDatabase(adminUrl, templateName);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateName}"`);
  await admin.end();
  const database = await openPostgres(urlForDatabase(adminUrl, templateName), { max: 2 });
  await database.close();
  return templateName;
}

/** Drops every test file's database this run made, then the template. */
async function dropRunDatabases(adminUrl: string, templateName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const prefix = filePrefix();
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
    [prefix],
  );
  await admin.end();
  for (const { datname } of rows) await dropTestDatabase(adminUrl, datname);
  await dropTestDatabase(adminUrl, templateName);
}
