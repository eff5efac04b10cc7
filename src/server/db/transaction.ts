import { is } from 'drizzle-orm';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { isTransactionConflict } from './database-errors';

// The one way the server runs a transaction (docs/architecture.md, "Locks and transactions").
// Rows are locked in one order (listing, trade(s), members by id) and always FOR NO KEY
// UPDATE, so deadlocks should not happen; when PostgreSQL still picks a transaction as a
// deadlock victim or a serialization failure, the whole transaction runs once more, here,
// so no member ever sees the error.

export type TransactionWork<T> = (tx: DbOrTx) => Promise<T>;

/**
 * Runs `work` in a transaction and commits it. On a deadlock or serialization failure
 * (40P01, 40001) the transaction has rolled back entirely, and `work` runs once more from the
 * start in a new one: `work` must therefore keep nothing between runs (build an outbox inside
 * it, as commitWithNotices does). Inside another transaction it is a savepoint and is not
 * retried on its own: the outermost transaction is the one that runs again.
 */
export async function runInTransaction<T>(
  db: DbOrTx,
  work: TransactionWork<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  // `is` narrows to a transaction of any schema; the cast keeps ours.
  if (is(db, PgTransaction)) return (db as DbOrTx).transaction(work);
  try {
    return await db.transaction(work, config);
  } catch (err) {
    if (!isTransactionConflict(err)) throw err;
    return db.transaction(work, config);
  }
}
