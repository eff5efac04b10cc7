import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { changeBalance } from '../../src/server/points/ledger';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { testDbKind } from '../support/test-database';

// The points history lists balance changes in the order they happened to the balance, so
// every row's balanceAfter follows on from the row below it, also when changes ran at once.
// PostgreSQL only: the embedded database runs one transaction at a time, so there changes
// cannot overlap.

type Row = { id: number; amount: number; balanceAfter: number; createdAt: string };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'correct horse battery' },
  });
  return `jc_session=${res.cookies.find((c) => c.name === 'jc_session')!.value}`;
}

async function history(cookie: string): Promise<Row[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/points/transactions', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Newest first: each row's balance is the one below it plus its own amount. */
function expectUnbrokenChain(rows: Row[], balance: number) {
  expect(rows[0]!.balanceAfter).toBe(balance);
  for (let i = 0; i < rows.length - 1; i++) {
    expect(rows[i]!.balanceAfter, `row ${i} of ${rows.length}`).toBe(rows[i + 1]!.balanceAfter + rows[i]!.amount);
  }
  expect(rows.at(-1)!.balanceAfter).toBe(rows.at(-1)!.amount);
}

describe.skipIf(testDbKind !== 'postgres')('the points history under concurrent changes', () => {
  it('a change whose transaction started first but waited for the balance is listed after the one it waited for', async () => {
    const member = await createMember(t.database.db, { points: 5 });
    const cookie = await signIn(member.email);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));

    // The first transaction starts (its rows are stamped with this moment), then waits.
    const first = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      started();
      await gate;
      await changeBalance(tx, { userId: member.id, amount: 3, reason: 'admin_grant' });
    });
    await hasStarted;
    // A later transaction changes the balance and commits meanwhile.
    await t.database.db.transaction((tx) =>
      changeBalance(tx, { userId: member.id, amount: -2, reason: 'admin_grant' }),
    );
    release();
    await first;

    const rows = await history(cookie);
    expect(rows.slice(0, 2).map((r) => [r.amount, r.balanceAfter])).toEqual([
      [3, 6],
      [-2, 3],
    ]);
    // Stamped the other way round: the time of a row is not the order of the balance.
    expect(Date.parse(rows[0]!.createdAt)).toBeLessThan(Date.parse(rows[1]!.createdAt));
    expectUnbrokenChain(rows, 6);
  });

  it('after 40 changes at once, in random order and timing, every balanceAfter follows on from the row below', async () => {
    const member = await createMember(t.database.db, { points: 100 });
    const cookie = await signIn(member.email);
    const amounts = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? -2 : 3));
    await Promise.all(
      amounts.map((amount) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          // Let some transactions that started later reach the balance first.
          await new Promise((resolve) => setImmediate(resolve));
          if (Math.random() < 0.5) await tx.execute(sql`SELECT pg_sleep(0.002)`);
          await changeBalance(tx, { userId: member.id, amount, reason: 'admin_grant' });
        }),
      ),
    );
    const rows = await history(cookie);
    expect(rows).toHaveLength(40 + 2); // the welcome gift and the starting balance
    expectUnbrokenChain(rows, 100 + amounts.reduce((a, b) => a + b, 0));
  });
});
