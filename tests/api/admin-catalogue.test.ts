import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeRequests } from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { lastLogged, startAdminTestApp, type AdminTestEnv } from './admin-fixtures';
import { listingFor, signedInMember, stopTradeTestApp, type SignedIn } from './trades-fixtures';

// What administrators keep for the whole club (docs/product/administration.md): settings (a free
// key/value store, with the few the app reads checked on save and used without a restart)
// and manufacturers (unique in any case; one in use is deactivated, not deleted).

let env: AdminTestEnv;
let owner: SignedIn;
let asker: SignedIn;
const db = () => env.t.database.db;
const api = () => env.api;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  env = await startAdminTestApp();
  owner = await signedInMember(db(), { firstName: 'Owen', lastName: 'Hughes' });
  asker = await signedInMember(db(), { firstName: 'Ruth', lastName: 'Baxter', points: 50 });
});
afterAll(() => stopTradeTestApp(env));

const createSetting = (body: object) => api().post('/api/admin/settings', env.admin, body);

describe('settings', () => {
  it('are created with any JSON value, listed, refused twice (409) and deleted; each change is logged', async () => {
    const made = await createSetting({
      category: 'platform',
      key: 'welcomeBanner',
      value: { text: 'Summer swap on Saturday', show: true },
      description: 'Shown on the home page',
    });
    expect(made.statusCode).toBe(201);
    const setting = made.json();
    expect(setting).toMatchObject({
      category: 'platform',
      key: 'welcomeBanner',
      value: { text: 'Summer swap on Saturday', show: true },
      description: 'Shown on the home page',
    });
    expect((await api().get('/api/admin/settings', env.admin)).json()).toContainEqual(setting);
    expect(await lastLogged(db(), 'create_setting')).toMatchObject({
      target: 'setting:platform.welcomeBanner',
      details: { value: { from: null, to: { text: 'Summer swap on Saturday', show: true } } },
    });

    const twice = await createSetting({ category: 'platform', key: 'welcomeBanner', value: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A setting with this category and key already exists');

    expect((await api().delete(`/api/admin/settings/${setting.id}`, env.admin)).statusCode).toBe(204);
    expect((await api().get('/api/admin/settings', env.admin)).json()).not.toContainEqual(setting);
    expect((await lastLogged(db(), 'delete_setting'))!.details).toMatchObject({
      value: { from: { text: 'Summer swap on Saturday', show: true }, to: null },
    });
    const again = await api().delete(`/api/admin/settings/${setting.id}`, env.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Setting not found');
  });

  it('need one of the four categories, a key and a value', async () => {
    const res = await createSetting({ category: 'misc', key: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'category', message: 'Category must be one of: trading, platform, notifications, security' },
      { path: 'key', message: 'Key is required' },
      { path: 'value', message: 'Value is required' },
    ]);
  });

  it('that the app reads must hold their type: a wrong one is refused with the type in words', async () => {
    for (const value of ['three', 0, 91, 2.5, null]) {
      const res = await createSetting({ category: 'trading', key: 'pendingRequestExpiryDays', value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'value', message: 'Value must be a whole number of days from 1 to 90' },
      ]);
    }
  });

  it('take effect at once, without a restart: a new request and a new shipment use them; earlier ones keep their dates', async () => {
    const ask = async (title: string) => {
      const listing = await listingFor(db(), owner, { title, puzzlePoints: 1 });
      const res = await api().post('/api/trade-requests', asker, { puzzleListingId: listing.id });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; createdAt: string; expiresAt: string };
    };
    const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

    const before = await ask('Asked before the change');
    expect(days(before.createdAt, before.expiresAt)).toBe(7);

    const expiry = await createSetting({ category: 'trading', key: 'pendingRequestExpiryDays', value: 3 });
    const autoComplete = await createSetting({ category: 'trading', key: 'shippedAutoCompleteDays', value: 10 });
    expect([expiry.statusCode, autoComplete.statusCode]).toEqual([201, 201]);

    const after = await ask('Asked after the change');
    expect(days(after.createdAt, after.expiresAt)).toBe(3);
    // Its own words say so too.
    const shipped = await ask('Shipped after the change');
    await api().post(`/api/trade-requests/${shipped.id}/accept`, owner);
    const sent = (await api().post(`/api/trade-requests/${shipped.id}/ship`, owner)).json();
    expect(days(sent.shippedAt, sent.autoCompleteAt)).toBe(10);

    // The sweeper goes by each trade's own dates: four days on, only the new request has expired.
    const swept = await sweepTrades(env.t.ctx, new Date(Date.now() + 4 * DAY));
    expect(swept.expired).toContain(after.id);
    expect(swept.expired).not.toContain(before.id);
    const status = async (id: number) =>
      (await db().select().from(tradeRequests).where(eq(tradeRequests.id, id)))[0]!.status;
    expect([await status(after.id), await status(before.id)]).toEqual(['expired', 'pending']);

    // Deleted, the default (7 days) is back for the next request.
    await api().delete(`/api/admin/settings/${expiry.json().id}`, env.admin);
    await api().delete(`/api/admin/settings/${autoComplete.json().id}`, env.admin);
    const later = await ask('Asked after the setting went');
    expect(days(later.createdAt, later.expiresAt)).toBe(7);
  });
});

describe('manufacturers', () => {
  const create = (name: string) => api().post('/api/admin/manufacturers', env.admin, { name });
  const patch = (id: number, body: object) => api().patch(`/api/admin/manufacturers/${id}`, env.admin, body);
  const names = async (path: string) => (await api().get(path)).json().map((m: { name: string }) => m.name);

  it('are added (trimmed, active), listed with how many listings use them, and unique whatever the case', async () => {
    const res = await create('  Tenyo  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Tenyo', isActive: true, listingCount: 0 });
    const listed = (await api().get('/api/admin/manufacturers', env.admin)).json();
    expect(listed).toContainEqual(res.json());
    expect(listed.find((m: { name: string }) => m.name === 'Ravensburger')).toMatchObject({ isActive: true });
    expect(await lastLogged(db(), 'create_manufacturer')).toMatchObject({
      target: `manufacturer:${res.json().id}`,
      details: { name: { from: null, to: 'Tenyo' } },
    });

    for (const dup of ['tenyo', 'RAVENSBURGER']) {
      const again = await create(dup);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A manufacturer with this name already exists');
    }
    const blank = await create('   ');
    expect(blank.json().errors).toEqual([{ path: 'name', message: 'Manufacturer name is required' }]);
  });

  it('are renamed (not onto another’s name), and listings show the new name', async () => {
    const brand = (await create('Pzzle Co')).json();
    const listing = await listingFor(db(), owner, { title: 'Renamed brand puzzle', manufacturerId: brand.id });
    const renamed = await patch(brand.id, { name: 'Puzzle Co' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Puzzle Co', listingCount: 1 });
    expect((await lastLogged(db(), 'update_manufacturer'))!.details).toEqual({
      name: { from: 'Pzzle Co', to: 'Puzzle Co' },
    });
    const card = (await api().get(`/api/puzzle-listings/${listing.id}`)).json();
    expect(card.manufacturerName).toBe('Puzzle Co');
    const clash = await patch(brand.id, { name: 'gibsons' });
    expect(clash.statusCode).toBe(409);
    expect((await patch(brand.id, {})).json().message).toBe('Validation failed: (body): Nothing to update');
    expect((await patch(999999, { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('deactivated, leave the forms’ list and new listings, while listings that use one keep its name', async () => {
    const brand = (await create('Old Brand')).json();
    const listing = await listingFor(db(), owner, { title: 'Kept brand puzzle', manufacturerId: brand.id });
    const off = await patch(brand.id, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await lastLogged(db(), 'update_manufacturer'))!.details).toEqual({ isActive: { from: true, to: false } });
    expect(await names('/api/manufacturers/active')).not.toContain('Old Brand');
    expect(await names('/api/manufacturers')).toContain('Old Brand');
    expect((await api().get(`/api/puzzle-listings/${listing.id}`)).json().manufacturerName).toBe('Old Brand');

    // A new listing cannot choose it; an existing one keeps it when edited.
    const form = { title: 'New puzzle', pieces: 500, condition: 'good', puzzlePoints: 2, manufacturerId: brand.id };
    const fresh = await api().post('/api/puzzle-listings', owner, { ...form, status: 'draft' });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().errors).toEqual([{ path: 'manufacturerId', message: 'Choose a manufacturer from the list' }]);
    const edited = await api().patch(`/api/puzzle-listings/${listing.id}`, owner, {
      ...form,
      title: 'Kept brand puzzle, edited',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().manufacturerName).toBe('Old Brand');

    const on = await patch(brand.id, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect(await names('/api/manufacturers/active')).toContain('Old Brand');
  });

  it('in use are not deleted (409 "Deactivate it instead: N listings use it"); unused ones are', async () => {
    const used = (await create('Used Brand')).json();
    await listingFor(db(), owner, { title: 'One', manufacturerId: used.id });
    await listingFor(db(), owner, { title: 'Two', manufacturerId: used.id, status: 'draft' });
    const refused = await api().delete(`/api/admin/manufacturers/${used.id}`, env.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Deactivate it instead: 2 listings use it');

    const unused = (await create('Unused Brand')).json();
    expect((await api().delete(`/api/admin/manufacturers/${unused.id}`, env.admin)).statusCode).toBe(204);
    expect(await names('/api/manufacturers')).not.toContain('Unused Brand');
    expect(await lastLogged(db(), 'delete_manufacturer')).toMatchObject({
      target: `manufacturer:${unused.id}`,
      details: { name: { from: 'Unused Brand', to: null } },
    });
    expect((await api().delete(`/api/admin/manufacturers/${unused.id}`, env.admin)).statusCode).toBe(404);
  });
});

describe('the points tab', () => {
  it('sums every balance by the product’s rule: 15 or more is high, exactly 5 is standard', async () => {
    const before = (await api().get('/api/admin/points', env.admin)).json();
    await signedInMember(db(), { points: 15 });
    await signedInMember(db(), { points: 5 });
    await signedInMember(db(), { points: 9 });
    const after = (await api().get('/api/admin/points', env.admin)).json();
    expect(after.members - before.members).toBe(3);
    expect(after.total - before.total).toBe(29);
    expect(after.highBalances - before.highBalances).toBe(1);
    expect(after.standardBalances - before.standardBalances).toBe(1);
    expect(after.average).toBeCloseTo(after.total / after.members);
  });
});
