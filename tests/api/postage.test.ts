import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_POSTAGE_PRICES, TOO_BIG_TO_POST_MESSAGE } from '../../src/domain/postage';
import { users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-app';
import { http, signedInMember } from './trades-fixtures';

// The postage estimate (docs/product/near-me.md#postage): options cheapest first
// from the club's price table, a parcel too big for every service, a listing keeping its
// parcel and hand-over, and the table as a known admin setting checked on save.

let t: TestApp;
const api = http(() => t);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const estimate = (q: string) => api.get(`/api/postage/estimate?${q}`);
const boxed1000 = 'weightGrams=850&lengthCm=37&widthCm=27&depthCm=6';

describe('GET /api/postage/estimate', () => {
  it('lists what a boxed 1000-piece puzzle costs, cheapest first, with the list date', async () => {
    const answer = await estimate(boxed1000);
    expect(answer.statusCode, answer.body).toBe(200);
    const { options, asOf } = answer.json();
    expect(asOf).toBe(DEFAULT_POSTAGE_PRICES.asOf);
    expect(options[0]).toEqual({ service: 'Second class', format: 'Small parcel', pricePence: 339 });
    const prices = options.map((o: { pricePence: number }) => o.pricePence);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Too big for a large letter, so none is offered.
    expect(options.some((o: { format: string }) => o.format === 'Large letter')).toBe(false);
  });

  it('turns the box to fit, and says so when nothing takes the parcel', async () => {
    const turned = await estimate('weightGrams=850&lengthCm=6&widthCm=37&depthCm=27');
    expect(turned.json().options[0].pricePence).toBe(339);
    const huge = await estimate('weightGrams=25000&lengthCm=100&widthCm=80&depthCm=60');
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toMatchObject({ options: [], message: TOO_BIG_TO_POST_MESSAGE });
  });

  it('refuses a parcel it cannot read', async () => {
    const answer = await estimate('weightGrams=0&lengthCm=37&widthCm=27');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('Weight must be a whole number of grams from 1 to 30000');
  });
});

describe('a listing with its parcel and hand-over', () => {
  it('keeps the parcel and hand-over it was listed with, and clears the parcel on request', async () => {
    const owner = await signedInMember(t.database.db);
    const parcel = { weightGrams: 850, lengthCm: 37, widthCm: 27, depthCm: 6 };
    const created = await api.post('/api/puzzle-listings', owner, {
      title: 'Harbour Lights',
      pieces: 1000,
      condition: 'very_good',
      handover: 'either',
      parcel,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ handover: 'either', parcel });
    const id = created.json().id as number;
    const read = await api.get(`/api/puzzle-listings/${id}`, owner);
    expect(read.json()).toMatchObject({ handover: 'either', parcel });
    const cleared = await api.patch(`/api/puzzle-listings/${id}`, owner, {
      title: 'Harbour Lights',
      pieces: 1000,
      condition: 'very_good',
      parcel: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ handover: 'either', parcel: null });
    const bad = await api.post('/api/puzzle-listings', owner, {
      title: 'Harbour Lights',
      pieces: 1000,
      condition: 'very_good',
      handover: 'pigeon',
      parcel: { weightGrams: 850, lengthCm: 37 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['handover', 'parcel']),
    );
  });
});

describe('the price table setting', () => {
  it('an administrator replaces it; a bad table is refused with a clear message and changes nothing', async () => {
    const admin = await signedInMember(t.database.db);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const table = {
      asOf: '2026-04-01',
      source: 'Our own test list',
      services: [
        {
          service: 'Courier',
          format: 'Box',
          maxWeightGrams: 5000,
          maxLengthCm: 60,
          maxWidthCm: 40,
          maxDepthCm: 40,
          pricePence: 299,
        },
      ],
    };
    const bad = await api.post('/api/admin/settings', admin, {
      category: 'trading',
      key: 'postagePrices',
      value: { ...table, services: [{ ...table.services[0], pricePence: -5 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('pricePence must be a whole number of pence');
    expect((await estimate(boxed1000)).json().asOf).toBe(DEFAULT_POSTAGE_PRICES.asOf);

    const saved = await api.post('/api/admin/settings', admin, {
      category: 'trading',
      key: 'postagePrices',
      value: table,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await estimate(boxed1000)).json()).toEqual({
      options: [{ service: 'Courier', format: 'Box', pricePence: 299 }],
      asOf: '2026-04-01',
    });
  });
});
