import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryFixedPlan } from '../db/prepared-statements';
import { queryRows, type Database, type Db, type DbOrTx } from '../db/client';

// Every limit the club counts (the per-IP and per-member limits of @fastify/rate-limit, and
// the per-address e-mail limits) counts its hits through one HitCounter: fixed windows, a hit
// after a window ended starts the next at 1. On PostgreSQL the counts live in the database
// (rate_limit_hits, migration 0017), so any number of app processes refuse at the same count
// as one would; on the embedded database there is one process, and memory is enough
// (decision 0020).

export type Hit = {
  /** Hits on the key in its current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
};

export type HitCounter = {
  /** Counts one hit on `key` in its window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hit>;
};

/** Keys remembered in memory at most; beyond it, ended windows and then the oldest go. */
const MEMORY_KEYS_MAX = 10_000;

export function createMemoryHitCounter(maxKeys = MEMORY_KEYS_MAX): HitCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= now) {
        entry = { count: 0, endsAt: now + windowMs };
        windows.delete(key);
        windows.set(key, entry);
      }
      entry.count += 1;
      if (windows.size > maxKeys) {
        for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
        // Still full: the windows started longest ago go first (a Map iterates oldest first).
        for (const k of windows.keys()) {
          if (windows.size <= maxKeys) break;
          windows.delete(k);
        }
      }
      return { count: entry.count, ttlMs: entry.endsAt - now };
    },
  };
}

/**
 * One statement per hit, atomic under concurrency (the row lock of ON CONFLICT), on the
 * database's clock so processes on machines whose clocks differ still share one window.
 * Prepared on the pool when given: every rate-limited call pays it, and its plan (one key's
 * row) never changes.
 */
export function createPostgresHitCounter(db: DbOrTx, pool?: pg.Pool): HitCounter {
  return {
    async hit(key, windowMs) {
      const [row] = await queryFixedPlan<{ count: number; ttlMs: number }>(
        db,
        pool,
        sql`INSERT INTO rate_limit_hits AS h (key, window_start, expires_at, count)
          VALUES (${key}, now(), now() + ${windowMs} * interval '1 millisecond', 1)
          ON CONFLICT (key) DO UPDATE SET
            window_start = CASE WHEN h.expires_at <= now() THEN excluded.window_start ELSE h.window_start END,
            expires_at = CASE WHEN h.expires_at <= now() THEN excluded.expires_at ELSE h.expires_at END,
            count = CASE WHEN h.expires_at <= now() THEN 1 ELSE h.count + 1 END
          RETURNING h.count,
            -- now() is each transaction's start: one that began before the window's first hit
            -- would see more than the window left, so the answer is capped at the window.
            least(${windowMs}, greatest(0, extract(epoch FROM h.expires_at - now()) * 1000))::float8 AS "ttlMs"`,
      );
      return { count: Number(row!.count), ttlMs: Math.ceil(Number(row!.ttlMs)) };
    },
  };
}

const counters = new WeakMap<Database, HitCounter>();

/**
 * The one place the store is chosen from the database kind: the database's table on
 * PostgreSQL, memory on the embedded database. One counter per open database, shared by
 * every limit of the app on it.
 */
export function hitCounterFor(database: Database): HitCounter {
  let counter = counters.get(database);
  if (!counter) {
    counter =
      database.kind === 'postgres' ? createPostgresHitCounter(database.db, database.pool) : createMemoryHitCounter();
    counters.set(database, counter);
  }
  return counter;
}

/** Deletes ended windows (the rate-limit pruner); how many went. */
export async function pruneRateLimitHits(db: Db): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limit_hits WHERE expires_at <= now() RETURNING key`,
  );
  return rows.length;
}

type StoreCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin hands child() at run time: the route's limit options and the route itself. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store (its `store` option) counting through `counter`. The plugin
 * makes one child per rate-limited route; each counts its keys under the route's method and
 * path, so one route's hits never use up another's allowance.
 */
export function rateLimitStore(counter: HitCounter) {
  return class CountedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_pluginOptions?: unknown, prefix = 'all|') {
      this.prefix = prefix;
    }
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      counter.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: object): CountedRateLimitStore {
      const { method, url } = (routeOptions as ChildOptions).routeInfo ?? {};
      return new CountedRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}
