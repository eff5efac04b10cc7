import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client';
import { adminQuery } from '../support/processes-on-one-database';
import { runDatabaseName, testDbKind, urlForDatabase } from '../support/test-database';

// Settings the migrations give the club's PostgreSQL database (docs/operations.md, 'The
// database's settings'). A database of its own, migrated from nothing: the test files' copies
// of the run's template do not carry a database's settings.

describe.runIf(testDbKind === 'postgres')('the club database’s settings (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let database: Database | undefined;

  // The run drops the database when it ends (runDatabaseName).
  afterAll(async () => {
    await database?.close();
  });

  it('compiles no query (JIT off): every connection the migrated database opens', async () => {
    const name = runDatabaseName('settings');
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const url = urlForDatabase(adminUrl, name);
    database = await openPostgres(url, { max: 1 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query<{ jit: string }>('SHOW jit')).rows[0]!.jit).toBe('off');
      // Set on the database by the migrations, not by this server's own configuration.
      const settings = await client.query<{ setconfig: string[] }>(
        `SELECT setconfig FROM pg_db_role_setting
          WHERE setrole = 0 AND setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(settings.rows[0]?.setconfig).toContain('jit=off');
    } finally {
      await client.end();
    }
  });
});
