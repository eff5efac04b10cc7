import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createPostgresEventBus } from '../../src/server/events/postgres-event-bus';
import { manufacturers } from '../../src/server/db/schema';
import { loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import { buildSecondInstance, buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind, urlForDatabase } from '../support/test-database';
import { signedInAdmin } from './admin-fixtures';
import { http, listingFor, signedInMember } from './trades-fixtures';

// Issue 17, caches hear each other: two app instances on one PostgreSQL database, each with
// its own pool, its own LISTEN connection and its own browse index. A listing, owner or maker
// changed through one is seen by browse on the other at once: the index reads the committed
// version on every browse (browse-index-sync.ts), and the remembered cards are forgotten on an
// announcement over LISTEN/NOTIFY (browse-cache-sync.ts). Both instances share this test's
// process, so the remembered cards are proven across real processes in
// tests/process/scale-out.test.ts; here the announcement itself and each instance's index are.

let one: TestApp;
let two: TestApp;

type Card = { id: number; title: string; manufacturerName: string | null };
async function browse(t: TestApp, q: string): Promise<Card[]> {
  const res = await http(t).get(`/api/puzzle-listings?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Card[] }).items;
}

describe.skipIf(testDbKind !== 'postgres')('browse on two app instances on one database', () => {
  beforeAll(async () => {
    one = await buildTestApp();
    two = await buildSecondInstance(one);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('an announcement made by one instance is heard by the other through LISTEN/NOTIFY', async () => {
    const heard = new Promise<number>((resolve) => {
      const started = Date.now();
      const stop = two.ctx.events.onAnnounce('browse-cards', () => {
        stop();
        resolve(Date.now() - started);
      });
    });
    await one.ctx.events.announce('browse-cards');
    expect(await heard).toBeLessThan(1000);
  });

  it('a listing archived, an owner suspended and a maker renamed through one instance show in the other’s next browse', async () => {
    const word = `twoinst${Date.now().toString(36)}`;
    const owner = await signedInMember(one.database.db, { firstName: 'Rosalind' });
    const other = await signedInMember(one.database.db, { firstName: 'Walter' });
    const admin = await signedInAdmin(one.database.db);
    const [maker] = await one.database.db
      .insert(manufacturers)
      .values({ name: `Maker ${word}` })
      .returning();
    const kept = await listingFor(one.database.db, other, { title: `Kept ${word}`, manufacturerId: maker!.id });
    const archived = await listingFor(one.database.db, owner, { title: `Archived ${word}` });
    const suspendedOwners = await listingFor(one.database.db, owner, { title: `Suspended ${word}` });
    // Both indexes loaded, both instances have answered (and remembered the cards).
    await Promise.all([loadBrowseIndex(one.database.db), loadBrowseIndex(two.database.db)]);
    for (const t of [one, two]) expect(await browse(t, word)).toHaveLength(3);

    const patch = await http(one).patch(`/api/puzzle-listings/${archived.id}`, owner, { status: 'archived' });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await browse(two, word)).map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [kept.id, suspendedOwners.id].sort((a, b) => a - b),
    );

    const suspend = await http(one).post(`/api/admin/users/${owner.id}/suspend`, admin, { reason: 'Testing' });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await browse(two, word)).map((c) => c.id)).toEqual([kept.id]);

    const renamed = await http(one).patch(`/api/admin/manufacturers/${maker!.id}`, admin, { name: `Renamed ${word}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await browse(two, word))[0]?.manufacturerName).toBe(`Renamed ${word}`);
  });
});

describe.skipIf(testDbKind !== 'postgres')('DATABASE_LISTEN_URL', () => {
  it('the LISTEN connection goes to the listen URL (PostgreSQL itself behind a pooler), and announcements still arrive', async () => {
    const t = await buildTestApp();
    const { rows } = await t.database.pool!.query<{ name: string }>('SELECT current_database() AS name');
    const { adminUrl } = inject('postgresTemplate');
    // A name on the connection tells it apart from the pool's.
    const listenUrl = `${urlForDatabase(adminUrl, rows[0]!.name)}?application_name=jc_listen_test`;
    const config = loadConfig({ DATABASE_URL: adminUrl, DATABASE_LISTEN_URL: listenUrl });
    const bus = await createPostgresEventBus(t.database.pool!, { listenUrl: config.databaseListenUrl });
    try {
      const listening = await t.database.pool!.query<{ query: string }>(
        "SELECT query FROM pg_stat_activity WHERE application_name = 'jc_listen_test' AND datname = current_database()",
      );
      expect(listening.rows.map((r) => r.query)).toEqual([expect.stringContaining('LISTEN')]);
      const heard = new Promise<void>((resolve) => bus.onAnnounce('browse-cards', resolve));
      await t.ctx.events.announce('browse-cards');
      await heard;
    } finally {
      await bus.close();
      await t.close();
    }
  });

  it('must be a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'mysql://db/club' })).toThrow(
      'Configuration error: DATABASE_LISTEN_URL: DATABASE_LISTEN_URL must start with postgres:// or postgresql://',
    );
  });
});
