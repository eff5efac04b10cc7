import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_STATUSES } from '../../src/domain/enums';
import { queryRows, type Database } from '../../src/server/db/client';
import { messages, tradeRequests, tradingFeedback } from '../../src/server/db/schema';
import { membersWithListingsStep } from '../../scripts/demo/members';
import { runSeed } from '../../scripts/demo/steps';
import { DEMO_TRADES, tradesStep } from '../../scripts/demo/trades';
import { createDiskStorage } from '../../src/server/uploads/disk-storage';
import { createTestDatabase, tempDir } from '../support/test-database';
import { expectPointsInvariant } from './trades-fixtures';

// The demo club's trades (npm run seed): every state of docs/product/trades.md, made through the trade
// service so the ledger, threads and notices are real, dated in the past, and idempotent.

let database: Database;
const steps = [membersWithListingsStep, tradesStep];

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeed(database.db, {
    pictures: createDiskStorage(tempDir('seed-trades')),
    pictureSize: { width: 80, height: 60 },
    steps,
  });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo trades', () => {
  it('cover every state a trade can be in, and keep the points invariant', async () => {
    const trades = await database.db.select().from(tradeRequests);
    expect(trades).toHaveLength(DEMO_TRADES.length);
    expect(new Set(trades.map((t) => t.status))).toEqual(new Set(TRADE_STATUSES));
    await expectPointsInvariant(database.db);
  });

  it('read in date order in their threads, each step with its system message', async () => {
    const [disputed] = await database.db.select().from(tradeRequests).where(eq(tradeRequests.status, 'disputed'));
    const thread = await database.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, disputed!.threadId!))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    expect(thread.map((m) => m.isSystemMessage)).toEqual([true, true, true, true]);
    expect(thread.at(-1)!.content).toContain('twenty pieces are missing');
    expect(thread[0]!.createdAt.getTime()).toBeLessThan(Date.now() - 29 * 24 * 60 * 60 * 1000);
    // The points history is dated with the trade, not with the seed.
    const [row] = await queryRows<{ late: number }>(
      database.db,
      sql`select count(*)::int as late from points_ledger where trade_request_id is not null and created_at > now() - interval '1 day'`,
    );
    expect(row!.late).toBe(0);
  });

  it('include feedback both visible and still hidden', async () => {
    const feedback = await database.db.select().from(tradingFeedback);
    expect(feedback.length).toBeGreaterThanOrEqual(5);
  });

  it('are not added twice', async () => {
    await runSeed(database.db, {
      pictures: createDiskStorage(tempDir('seed-trades-again')),
      pictureSize: { width: 80, height: 60 },
      steps,
    });
    expect(await database.db.select().from(tradeRequests)).toHaveLength(DEMO_TRADES.length);
    await expectPointsInvariant(database.db);
  });
});
