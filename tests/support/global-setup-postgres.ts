import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { urlForDatabase } from './test-database';

// One migrated template database per run; each test file gets CREATE DATABASE … TEMPLATE.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  // One per project: two projects may use PostgreSQL in the same run (api-postgres, timing).
  const templateName = `jc_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${templateName}"`);
  await admin.end();
  const database = await openPostgres(urlForDatabase(adminUrl, templateName), { max: 2 });
  await database.close();
  project.provide('postgresTemplate', { adminUrl, templateName });
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    await dropper.end();
  };
}
