import pg from 'pg';
import { vi } from 'vitest';
import type { AppContext } from '../../src/server/app-context';
import type { DbOrTx } from '../../src/server/db/client';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { drainNotices } from '../../src/server/notices/notices';

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
 * session look-up, a rate limit's count, BEGIN and COMMIT included (each a round trip). The
 * app's work after earlier answers (the Wanted matcher, notices' e-mails and events) is let
 * finish first, and the browse caches' announcements to other processes (`SELECT pg_notify`,
 * sent on their own connection whenever a listing was written: browse-cache-sync.ts) are left
 * out, so that only what `work` asks is counted.
 */
export async function roundTripsDuring(ctx: AppContext, work: () => Promise<void>): Promise<string[]> {
  return (await statementsSentDuring(ctx, work)).map((statement) => statement.text);
}

/**
 * As roundTripsDuring, with each statement's name: a named statement is a prepared one,
 * planned once a connection (src/server/db/prepared-statements.ts).
 */
export async function statementsSentDuring(
  ctx: AppContext,
  work: () => Promise<void>,
): Promise<{ text: string; name: string | undefined }[]> {
  await afterReplyIdle(ctx);
  await drainNotices(ctx);
  const sent: { text: string; name: string | undefined }[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string });
    sent.push({ text: config.text ?? '', name: config.name });
    return original.apply(this, args);
  } as never);
  try {
    await work();
    return sent.filter(({ text }) => !text.startsWith('SELECT pg_notify'));
  } finally {
    spy.mockRestore();
  }
}
