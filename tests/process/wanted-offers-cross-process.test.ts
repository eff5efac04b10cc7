import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { puzzleTitleKey } from '../../src/domain/wanted';
import { queryRows } from '../../src/server/db/client';
import { tradingNotifications, wishes, wishOffers } from '../../src/server/db/schema';
import { WANTED_SWEEP_FIRST_DELAY_MS } from '../../src/server/jobs/wanted-sweeper';
import { createListing, createMember } from '../support/factories';
import { useProcessesOnOneDatabase } from '../support/processes-on-one-database';

// docs/product/wanted.md#the-first-offer: the offer clock runs on the app's own timer, exactly
// once however many processes run, and a restart in the middle loses no turn and gives none
// twice. The club was stopped while an offer ran: its time ran out meanwhile, and a listing
// published just before the stop was never matched. Two real app processes start on the one
// PostgreSQL database; both sweep at once. PostgreSQL only.

const adminUrl = process.env.TEST_DATABASE_URL;

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!adminUrl)('first offers across two app processes (needs TEST_DATABASE_URL)', () => {
  const shared = useProcessesOnOneDatabase('wanted');

  it('after a restart, a lapsed offer moves to the next in line once, and an unmatched listing is matched once', async () => {
    const db = shared.db;
    const owner = await createMember(db, { firstName: 'Olive' });
    const [first, second, third] = [await createMember(db), await createMember(db), await createMember(db)];
    const title = 'Puffins on Skomer Island';
    const long = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    for (const [i, m] of [first, second, third].entries()) {
      await db.insert(wishes).values({
        memberId: m.id,
        title,
        titleKey: puzzleTitleKey(title),
        createdAt: new Date(long.getTime() + i * 1000),
      });
    }
    // An offer to the first that ran out while the club was stopped.
    const held = await createListing(db, owner.id, { title, heldUntil: new Date(Date.now() - 60_000) });
    await db.insert(wishOffers).values({
      listingId: held.id,
      memberId: first.id,
      offeredAt: new Date(Date.now() - 49 * 60 * 60 * 1000),
      until: new Date(Date.now() - 60_000),
    });
    // A copy published just before the stop, queued but never matched.
    const queued = await createListing(db, owner.id, { title });
    await queryRows(
      db,
      sql`INSERT INTO wanted_pending_listings (listing_id, queued_at) VALUES (${queued.id}, now() - interval '5 minutes')`,
    );

    // At debug each process logs every sweep, so the test can wait for both first sweeps.
    const servers = await Promise.all([
      shared.startServer({ LOG_LEVEL: 'debug' }),
      shared.startServer({ LOG_LEVEL: 'debug' }),
    ]);

    const offersOf = (listingId: number) => db.select().from(wishOffers).where(eq(wishOffers.listingId, listingId));
    // The lapsed offer moved to the second in line; the queued copy went to the first, who
    // was never offered it.
    await until(async () => ((await offersOf(held.id)).length >= 2 ? true : undefined), 'the held offer to move');
    await until(async () => ((await offersOf(queued.id)).length >= 1 ? true : undefined), 'the queued listing');
    // Both processes' first sweeps have run (each WANTED_SWEEP_FIRST_DELAY_MS after its start),
    // so whatever either would do has been done.
    await until(
      async () => (servers.every((s) => /"msg":"wanted sweep"/.test(s.proc.output())) ? true : undefined),
      'both first sweeps',
      WANTED_SWEEP_FIRST_DELAY_MS + 30_000,
    );

    const heldOffers = await offersOf(held.id);
    expect(heldOffers.map((o) => [o.memberId, o.status]).sort()).toEqual(
      [
        [first.id, 'expired'],
        [second.id, 'open'],
      ].sort(),
    );
    const queuedOffers = await offersOf(queued.id);
    expect(queuedOffers.map((o) => [o.memberId, o.status])).toEqual([[first.id, 'open']]);
    const told = await db
      .select()
      .from(tradingNotifications)
      .where(and(eq(tradingNotifications.type, 'wish_offer')));
    expect(told.filter((n) => n.userId === second.id)).toHaveLength(1);
    expect(told.filter((n) => n.userId === first.id)).toHaveLength(1);
    expect(told.filter((n) => n.userId === third.id)).toHaveLength(0);
    expect(await queryRows(db, sql`SELECT * FROM wanted_pending_listings`)).toEqual([]);
  });
});
