import pg from 'pg';
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

/**
 * On PostgreSQL, every statement the app sends while `work` runs, whoever sends it: the
 * session look-up, a rate limit's count, BEGIN and COMMIT included (each a round trip).
 */
export async function roundTripsDuring(work: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    return original.apply(this, args);
  } as never);
  try {
    await work();
    return sent;
  } finally {
    spy.mockRestore();
  }
}
