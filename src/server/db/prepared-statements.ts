import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { queryRows, type DbOrTx } from './client';

// The app runs the same statements over and over (browse first of all), and on PostgreSQL
// planning them often costs more than running them (the listings table has an index per sort
// and filter, and the planner weighs every one; measured with pgbench in docs/performance.md).
// A named prepared statement is planned once per connection. Three ways:
//
//  - fixed plans (the cards, the favourites of a page, a member's own lists): the best plan
//    is the same for every value, so they are prepared with their values as parameters;
//  - value-sensitive plans (the page's ids, the count): a rare word wants the trigram
//    index, a broad one a walk in sort order, so PostgreSQL must see the values. Their values
//    are written into the text as literals, and a text is kept prepared only once it has been
//    seen twice (a popular page, such as browse with no filter) and while fewer than
//    PREPARED_TEXTS_MAX texts are kept, which bounds what each connection holds.
//
//  - Drizzle's own prepared statements (the session look-up, the unread counts): built once
//    per database with oncePerDatabase, below.
//
// A fixed statement with many fragments (a listing's forty fields as JSON, a new listing's
// insert) is also costly to build: Drizzle walks every fragment to write its text, and for a
// publish that was a fifth of the app's CPU. queryShaped writes such a text once per shape and
// afterwards only fills in the values.
//
// On the embedded database (no pool) everything simply runs.
//
// What it buys, measured: PostgreSQL CPU for browse's page and count from 1.1-1.6 to 0.1-0.3 ms
// a request, and 510-570 to 1,068-1,345 req/s (docs/performance.md, 'Speed machinery').

const dialect = new PgDialect();

/**
 * `build` run once for each database (or transaction) handle and its result kept: for a
 * Drizzle prepared statement, which belongs to the handle it was built on and is named, so
 * PostgreSQL plans it once a connection.
 */
export function oncePerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
const nameOf = (text: string) => `jc_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

const PREPARED_TEXTS_MAX = 100;
const SIGHTINGS_MAX = 5_000;
const kept = new Set<string>();
const sightings = new Map<string, number>();

function keepPrepared(name: string): boolean {
  if (kept.has(name)) return true;
  if (kept.size >= PREPARED_TEXTS_MAX) return false;
  const seen = (sightings.get(name) ?? 0) + 1;
  if (seen >= 2) {
    sightings.delete(name);
    kept.add(name);
    return true;
  }
  if (sightings.size >= SIGHTINGS_MAX) sightings.clear();
  sightings.set(name, seen);
  return false;
}

// Literals are quoted by doubling single quotes, which is only the whole story when
// standard_conforming_strings is on (PostgreSQL's default since 9.1). Checked once per pool;
// when off, values stay parameters.
const literalsSafe = new WeakMap<pg.Pool, Promise<boolean>>();
function literalsAreSafe(pool: pg.Pool): Promise<boolean> {
  let safe = literalsSafe.get(pool);
  if (!safe) {
    safe = pool
      .query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings')
      .then((r) => r.rows[0]?.standard_conforming_strings === 'on')
      .catch(() => false);
    literalsSafe.set(pool, safe);
  }
  return safe;
}

/** The SQL text of a statement without values (its fragments joined once, for reuse). */
export function renderedText(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  if (params.length > 0) throw new Error('renderedText: the statement has values');
  return text;
}

/**
 * Names for fixed statements' texts, at most `max` of them: a text seen before gets its name
 * back (hashing it each time is work), a new one a new name until `max` are given, and after
 * that none (it runs unprepared, planned each time). Some fixed statements come in variants
 * (a new listing's insert names only the fields the member gave), so the bound is what keeps
 * every connection's prepared statements, and PostgreSQL's memory for them, finite whatever
 * members send (docs/operations.md, 'PgBouncer').
 */
export function namesForFixedPlans(max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) names.set(text, (name = nameOf(text)));
    return name;
  };
}

const FIXED_NAMES_MAX = 200;
const fixedPlanName = namesForFixedPlans(FIXED_NAMES_MAX);

/** A statement whose best plan is the same whatever its values. */
export async function queryFixedPlan<T>(db: DbOrTx, pool: pg.Pool | undefined, statement: SQL): Promise<T[]> {
  if (!pool) return queryRows<T>(db, statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = fixedPlanName(text);
  return (await pool.query(name === undefined ? { text, values: params } : { name, text, values: params })).rows as T[];
}

const SHAPES_MAX = 200;
const shapes = new Map<string, { query: Query; name: string | undefined }>();

/**
 * A fixed statement whose text is decided by a few things (which fields a new listing has,
 * whether a viewer is signed in), its `shape`: `build` writes it with `sql.placeholder(name)`
 * where each value goes and is called once per shape; each call then fills in `values` (a
 * value in an insert's column still goes through the column's encoder). The shape must
 * determine the text completely. Prepared on PostgreSQL (named, as queryFixedPlan's are) and
 * simply run on the embedded database. Past SHAPES_MAX shapes a new one is built every time.
 */
export async function queryShaped<T>(
  db: DbOrTx,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let known = shapes.get(shape);
  if (!known) {
    const query = dialect.sqlToQuery(build());
    known = { query, name: fixedPlanName(query.sql) };
    if (shapes.size < SHAPES_MAX) shapes.set(shape, known);
  }
  const result = (await db._.session.prepareQuery(known.query, undefined, known.name, false).execute(values)) as {
    rows: T[];
  };
  return result.rows;
}

// The text of a value-sensitive statement, by a key its caller derives from the same values:
// building and hashing it again for every request of a popular page is work for nothing.
const TEXTS_MAX = 2_000;
const texts = new Map<string, { text: string; name: string }>();

/**
 * A statement whose best plan depends on its values (strings, numbers and booleans only).
 * `memoKey`, when given, must determine the statement completely.
 */
export async function queryValueSensitive<T>(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  build: () => SQL,
  memoKey?: string,
): Promise<T[]> {
  if (!pool || !(await literalsAreSafe(pool))) return queryRows<T>(db, build());
  let known = memoKey === undefined ? undefined : texts.get(memoKey);
  if (!known) {
    const { sql: text } = dialect.sqlToQuery(build().inlineParams());
    known = { text, name: nameOf(text) };
    if (memoKey !== undefined) {
      if (texts.size >= TEXTS_MAX) texts.clear();
      texts.set(memoKey, known);
    }
  }
  const { text, name } = known;
  const result = keepPrepared(name) ? await pool.query({ name, text }) : await pool.query(text);
  return result.rows as T[];
}
