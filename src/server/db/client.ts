import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { redactUrl } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never care which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repository methods accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** The pg pool, for LISTEN/NOTIFY and tests; undefined on the embedded database. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
};

export class DatabaseStartError extends Error {}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

// Each driver is loaded when its database is opened: a process needs only one of them, and
// loading the other cost 0.06-0.09 s of CPU at start-up (docs/operations.md#starting-and-stopping).

/** Opens the embedded database in dataDir/db, locked against a second process. */
export async function openEmbedded(
  dataDir: string,
  opts: { migrate?: boolean; loadDataDir?: Blob; inMemory?: boolean } = {},
): Promise<Database> {
  const release = opts.inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create({
      dataDir: opts.inMemory ? undefined : path.join(dataDir, 'db'),
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: opts.loadDataDir,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: 'embedded',
      pool: undefined,
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

// Several app processes may start at once on one PostgreSQL database: one migrates at a time.
const MIGRATION_LOCK_KEY = 724_311_001;

export type PostgresOptions = {
  migrate?: boolean;
  max?: number;
  /**
   * A session connection straight to PostgreSQL (DATABASE_LISTEN_URL), for the migration
   * lock: a session advisory lock does not survive a transaction pooler.
   */
  sessionUrl?: string;
};

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20, connectionTimeoutMillis: 5000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new DatabaseStartError(
      `Cannot connect to the database at ${redactUrl(url)} (${reason}). Check DATABASE_URL, or start PostgreSQL.`,
    );
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    const session = opts.sessionUrl ? new pg.Client({ connectionString: opts.sessionUrl }) : undefined;
    const lockClient = session ?? (await pool.connect());
    try {
      if (session) await session.connect();
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(lockClient), { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      if (session) await session.end().catch(() => {});
      else (lockClient as pg.PoolClient).release();
    }
  }
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  databaseListenUrl?: string;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { sessionUrl: config.databaseListenUrl })
    : openEmbedded(config.dataDir);
}

/** Whether the database answers (the health check's 'ok' means both the process and it). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Whole numbers as one `int[]` value (`'{1,2,3}'::int[]`): one parameter however many there
 * are, where a list of values would be as many parameters for the query builder to assemble
 * and PostgreSQL to parse. Only for numbers: nothing in them needs quoting.
 */
export function intArray(ids: Iterable<number>): SQL {
  return sql`${`{${[...ids].join(',')}}`}::int[]`;
}

/**
 * The constraint an error (or one it wraps) broke when it is PostgreSQL's unique violation
 * (23505), '' when the driver did not name it; undefined for any other error.
 */
export function uniqueViolationConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/** Whether an error (or one it wraps) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolationConstraint(err) !== undefined;
}
