import { vi } from 'vitest';
import type { DbOrTx } from '../../src/server/db/client';

/**
 * The statements `work` sends through `db`: `raw` counts db.execute (every queryRows),
 * `built` the query builder's selects. The session lookup is a prepared statement and counts
 * in neither once it has been used (make one call first).
 */
export async function queriesDuring(db: DbOrTx, work: () => Promise<void>): Promise<{ raw: number; built: number }> {
  const execute = vi.spyOn(db, 'execute');
  const select = vi.spyOn(db, 'select');
  try {
    await work();
    return { raw: execute.mock.calls.length, built: select.mock.calls.length };
  } finally {
    execute.mockRestore();
    select.mockRestore();
  }
}
