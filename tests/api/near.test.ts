import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTANCE_NEEDS_PLACE_MESSAGE, UNKNOWN_POSTCODE_MESSAGE } from '../../src/domain/near';
import { tradingNotifications, users } from '../../src/server/db/schema';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { drainNotices } from '../../src/server/notices/notices';
import { locateDueMembers } from '../../src/server/geo/geo-service';
import { createLogger } from '../../src/server/http/logging';
import { buildTestApp, type TestApp } from '../support/build-app';
import { queriesDuring, roundTripsDuring } from '../support/count-queries';
import { testDbKind } from '../support/test-database';
import { startGeoStandIn, type GeoStandIn } from '../support/postcode-geo-stand-in';
import { http, listingFor, signedInMember, type SignedIn } from './trades-fixtures';

// Near me (docs/product/near-me.md): members' postcodes become points through a
// postcodes.io stand-in with real coordinates; browse by distance from Location or the
// member's own postcode; hand-over in person; a service that is down or slow never stops a
// profile from saving, and the locator job tries again.

let t: TestApp;
let geo: GeoStandIn;
const api = http(() => t);

/** The profile form for a member at this postcode. */
const form = (postcode: string, town: string) => ({
  firstName: 'Jean',
  lastName: 'Fairweather',
  country: 'United Kingdom',
  line_1: '3 Mill Row',
  town_or_city: town,
  postcode,
});

async function memberAt(postcode: string, town: string): Promise<SignedIn> {
  const member = await signedInMember(t.database.db, { postcode: null, town_or_city: town });
  const saved = await api.patch('/api/profile', member, form(postcode, town));
  expect(saved.statusCode, saved.body).toBe(200);
  return member;
}

async function pointOf(id: number) {
  const [row] = await t.database.db
    .select({ latitude: users.latitude, longitude: users.longitude, due: users.locateDueAt })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

type Card = { id: number; title: string; distanceMiles?: number; handover: string };
async function browse(query: string, who?: SignedIn): Promise<Card[]> {
  const answer = await api.get(`/api/puzzle-listings?pageSize=100&${query}`, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items as Card[];
}

let york: SignedIn;
let leedsOwner: SignedIn;
let londonOwner: SignedIn;
let nowhereOwner: SignedIn;
let leedsPuzzle: number;
let londonPuzzle: number;
let nowherePuzzle: number;

beforeAll(async () => {
  geo = await startGeoStandIn();
  t = await buildTestApp({ postcodeGeo: { url: geo.url } });
  york = await memberAt('YO1 7HH', 'York');
  leedsOwner = await memberAt('LS1 4DY', 'Leeds');
  londonOwner = await memberAt('SW1A 1AA', 'London');
  // A postcode the service does not know: the member has no point.
  nowhereOwner = await memberAt('ZZ9 9ZZ', 'Nowhere');
  leedsPuzzle = (await listingFor(t.database.db, leedsOwner, { title: 'Leeds Corn Exchange', handover: 'either' })).id;
  londonPuzzle = (await listingFor(t.database.db, londonOwner, { title: 'Tower Bridge at Dusk' })).id;
  nowherePuzzle = (await listingFor(t.database.db, nowhereOwner, { title: 'Lost Lighthouse', handover: 'in_person' }))
    .id;
});

afterAll(async () => {
  await t?.close();
  await geo?.close();
});

describe('where members are', () => {
  it('turns a saved postcode into a point at once, and an unknown one into none', async () => {
    const p = await pointOf(york.id);
    expect(p.latitude).toBeCloseTo(53.959965, 5);
    expect(p.longitude).toBeCloseTo(-1.087298, 5);
    expect(p.due).toBeNull();
    expect(await pointOf(nowhereOwner.id)).toMatchObject({ latitude: null, longitude: null, due: null });
  });

  it.each(['down', 'slow'] as const)(
    'saves the profile in under 2 s when the service is %s, and the job locates later',
    async (mode) => {
      const member = await signedInMember(t.database.db, { postcode: null });
      geo.setMode(mode);
      const started = Date.now();
      const saved = await api.patch('/api/profile', member, form('LS1 4DY', 'Leeds'));
      const took = Date.now() - started;
      geo.setMode('normal');
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().postcode).toBe('LS1 4DY');
      expect(took).toBeLessThan(2000);
      const waiting = await pointOf(member.id);
      expect(waiting.latitude).toBeNull();
      expect(waiting.due).not.toBeNull();
      // Not due yet: the retry waits.
      const log = createLogger('silent');
      const deps = { db: t.database.db, config: t.ctx.config, log };
      expect((await locateDueMembers(deps, new Date())).located).toBe(0);
      // Later, the job finds it.
      expect((await locateDueMembers(deps, new Date(Date.now() + 60 * 60 * 1000))).located).toBeGreaterThanOrEqual(1);
      expect((await pointOf(member.id)).latitude).toBeCloseTo(53.796487, 5);
    },
  );

  it('never shows a member their own or anyone else point', async () => {
    const self = await api.get('/api/auth/user', york);
    expect(self.body).not.toMatch(/latitude|longitude/);
    const cards = await api.get('/api/puzzle-listings?maxDistance=500', york);
    expect(cards.body).not.toMatch(/latitude|longitude/);
  });
});

describe('browse by distance', () => {
  it("measures from the member's own postcode by default: Leeds within 30 miles, not London", async () => {
    const near = await browse('maxDistance=30', york);
    const ids = near.map((c) => c.id);
    expect(ids).toContain(leedsPuzzle);
    expect(ids).not.toContain(londonPuzzle);
    expect(ids).not.toContain(nowherePuzzle);
    expect(near.find((c) => c.id === leedsPuzzle)?.distanceMiles).toBe(22);
  });

  it("measures from the point the member's session read: beside the session, one statement more than a visitor's (their favourites)", async () => {
    const mine = 'pageSize=100&maxDistance=30';
    const visitors = 'pageSize=100&maxDistance=30&location=YO1%207HH';
    // Each once first, so the session's prepared statement and browse's caches are warm for both.
    const miles = (cards: Card[]) => cards.map((c) => [c.id, c.distanceMiles]);
    expect(miles(await browse(mine, york))).toEqual(miles(await browse(visitors)));
    const statements = async (work: () => Promise<unknown>) =>
      testDbKind === 'postgres'
        ? (await roundTripsDuring(t.ctx, async () => void (await work()))).length
        : Object.values(await queriesDuring(t.database.db, async () => void (await work()))).reduce((a, b) => a + b);
    const visitor = await statements(() => browse(visitors));
    // Which cards the member has favourited is a statement of its own. On PostgreSQL the session
    // look-up is a round trip too; on the embedded database it is not counted. Their point is not
    // read again.
    expect(await statements(() => browse(mine, york))).toBe(visitor + 1 + (testDbKind === 'postgres' ? 1 : 0));
  });

  it('says how far London is (about 175 miles) and sorts nearest first', async () => {
    const all = await browse('sort=distance', york);
    const leeds = all.findIndex((c) => c.id === leedsPuzzle);
    const london = all.findIndex((c) => c.id === londonPuzzle);
    const nowhere = all.findIndex((c) => c.id === nowherePuzzle);
    expect(leeds).toBeLessThan(london);
    // Owners without a point come last, without miles.
    expect(london).toBeLessThan(nowhere);
    expect(all[london]!.distanceMiles).toBe(174);
    expect(all[nowhere]!.distanceMiles).toBeUndefined();
  });

  it('takes a postcode or an outward code as the centre, for a visitor too', async () => {
    const fromLondon = (await browse('location=SW1A%201AA&maxDistance=10')).map((c) => c.id);
    expect(fromLondon).toEqual([londonPuzzle]);
    const fromLeeds = await browse('location=ls1&maxDistance=5');
    expect(fromLeeds.map((c) => c.id)).toEqual([leedsPuzzle]);
    expect(fromLeeds[0]!.distanceMiles).toBe(0);
  });

  it('keeps an exact edge: 21 miles leaves Leeds out, 22 keeps it', async () => {
    expect((await browse('maxDistance=21', york)).map((c) => c.id)).not.toContain(leedsPuzzle);
    expect((await browse('maxDistance=22', york)).map((c) => c.id)).toContain(leedsPuzzle);
  });

  it('refuses a postcode nobody knows, a distance out of range, and a distance from nowhere', async () => {
    const unknown = await api.get('/api/puzzle-listings?location=ZZ9%209ZZ&maxDistance=10', york);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_POSTCODE_MESSAGE);
    const notAPlace = await api.get('/api/puzzle-listings?location=Atlantis&maxDistance=10');
    expect(notAPlace.statusCode).toBe(400);
    expect(notAPlace.json().message).toBe(UNKNOWN_POSTCODE_MESSAGE);
    for (const miles of ['0', '501', 'far']) {
      const answer = await api.get(`/api/puzzle-listings?maxDistance=${miles}`, york);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('Max distance must be a whole number from 1 to 500');
    }
    const visitor = await api.get('/api/puzzle-listings?maxDistance=10');
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().message).toBe(DISTANCE_NEEDS_PLACE_MESSAGE);
  });

  it('keeps Location alone as the town match it always was', async () => {
    expect((await browse('location=Leeds')).map((c) => c.id)).toEqual([leedsPuzzle]);
  });
});

describe('hand-over', () => {
  it('filters in person: in person and either, never post only', async () => {
    const ids = (await browse('handover=in_person')).map((c) => c.id);
    expect(ids).toContain(leedsPuzzle);
    expect(ids).toContain(nowherePuzzle);
    expect(ids).not.toContain(londonPuzzle);
    const bad = await api.get('/api/puzzle-listings?handover=pigeon');
    expect(bad.statusCode).toBe(400);
  });

  it('a trade by hand reads Handed over, with no carrier', async () => {
    const buyer = await signedInMember(t.database.db, { puzzlePoints: 20 });
    const request = await api.post('/api/trade-requests', buyer, { puzzleListingId: leedsPuzzle });
    expect(request.statusCode, request.body).toBe(201);
    const id = request.json().id as number;
    expect((await api.post(`/api/trade-requests/${id}/accept`, leedsOwner)).statusCode).toBe(200);
    const shipped = await api.post(`/api/trade-requests/${id}/ship`, leedsOwner, {
      handedOver: true,
      carrierName: 'Royal Mail',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const trade = shipped.json();
    expect(trade.handedOver).toBe(true);
    expect(trade.shipping).toBeNull();
    expect(trade.listing.handover).toBe('either');
    const messages = await api.get(`/api/message-threads/${trade.threadId}/messages`, buyer);
    expect(messages.body).toContain('has handed over the puzzle');
  });
});

// Saved searches keep Location and Max Distance (docs/product/wanted.md#alerts): the alert
// agrees with the matches page, which measures as browse does.
describe('saved searches near me', () => {
  async function publish(owner: SignedIn, title: string): Promise<number> {
    const res = await api.post('/api/puzzle-listings', owner, {
      title,
      pieces: 500,
      condition: 'very_good',
      difficulty: 'medium',
      puzzlePoints: 4,
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(201);
    await afterReplyIdle(t.ctx);
    await drainNotices(t.ctx);
    return res.json().id as number;
  }
  async function toldOf(memberId: number): Promise<number[]> {
    const rows = await t.database.db
      .select({ link: tradingNotifications.link })
      .from(tradingNotifications)
      .where(and(eq(tradingNotifications.userId, memberId), eq(tradingNotifications.type, 'wanted_match')));
    return rows.map((r) => Number(/^\/puzzle\/(\d+)/.exec(r.link ?? '')?.[1]));
  }

  it('tells a member of matches within their distance or in their town only, and lists them the same', async () => {
    const near = await api.post('/api/saved-searches', york, { query: { q: 'kingfisher', maxDistance: 30 } });
    expect(near.statusCode, near.body).toBe(201);
    const townWatcher = await memberAt('YO1 7HH', 'York');
    const inTown = await api.post('/api/saved-searches', townWatcher, {
      query: { q: 'kingfisher', location: 'Leeds' },
    });
    expect(inTown.statusCode, inTown.body).toBe(201);

    const fromLeeds = await publish(leedsOwner, 'Kingfisher by the Aire');
    await publish(londonOwner, 'Kingfisher on the Thames');

    expect(await toldOf(york.id)).toEqual([fromLeeds]);
    expect(await toldOf(townWatcher.id)).toEqual([fromLeeds]);
    const page = await api.get(`/api/saved-searches/${near.json().id}/matches`, york);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items.map((c: Card) => c.id)).toEqual([fromLeeds]);
  });
});
