import pg from 'pg';
import { vi } from 'vitest';
import type { AppContext } from '../../src/server/app-context';
import type { DbOrTx } from '../../src/server/db/client';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { drainNotices } from '../../src/server/notices/notices';

/**
 * The statements `work` sends through `db`, as Drizzle's session prepares each: `raw` those
 * written as SQL (db.execute, every queryRows, and queryShaped), `built` those the query
 * builder wrote with their columns (selects, and writes that return rows). A Drizzle prepared
 * statement (the session look-up) is prepared once, so it counts in neither once it has been
 * used (make one call first).
 */
export async function queriesDuring(db: DbOrTx, work: () => Promise<void>): Promise<{ raw: number; built: number }> {
  const prepare = vi.spyOn(db._.session, 'prepareQuery');
  try {
    await work();
    const fields = prepare.mock.calls.map(([, selected]) => selected);
    return { raw: fields.filter((f) => f === undefined).length, built: fields.filter((f) => f !== undefined).length };
  } finally {
    prepare.mockRestore();
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
