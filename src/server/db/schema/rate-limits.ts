// Rate limits counted once for every app process on one PostgreSQL database (decision 0020):
// one row per limit key and window. On the embedded database the counts stay in memory
// (src/server/http/hit-counter.ts chooses); the table exists there too, empty.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The limit and who it counts: `<route or purpose>|<ip, member or address>`. */
    key: text('key').primaryKey(),
    /** When the current window began (the database's clock, shared by every process). */
    windowStart: timestamptz('window_start').notNull(),
    /** When it ends; a hit after this starts a new window at 1. */
    expiresAt: timestamptz('expires_at').notNull(),
    count: integer('count').notNull(),
  },
  // The pruner deletes ended windows.
  (t) => [index('rate_limit_hits_expires_at_idx').on(t.expiresAt)],
);
