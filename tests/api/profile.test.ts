import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDetailsMessage, PIECE_RANGE_MESSAGE } from '../../src/domain/profile';
import { createSession } from '../../src/server/auth/sessions-repository';
import { manufacturers, tradeRequests, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember, type NewMemberInput } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function member(input: NewMemberInput = {}) {
  const row = await createMember(t.database.db, input);
  const { token } = await createSession(t.database.db, row.id, false);
  return { row, cookie: `jc_session=${token}` };
}

function patchProfile(payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

async function rowOf(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

// What the profile form sends for a complete profile (docs/product/screens.md#profile: trimmed, blanks left out).
const completeForm = {
  firstName: 'Jean',
  lastName: 'Fairweather',
  phone: '01632 960456',
  country: 'United Kingdom',
  line_1: '3 Mill Row',
  line_2: 'Upper Flat',
  locality: 'Bilton',
  town_or_city: 'Harrogate',
  county: 'North Yorkshire',
  postcode: 'HG1 4QQ',
  preferredDifficulty: 'intermediate',
  conditionPreference: 'excellent',
  minPieceCount: 500,
  maxPieceCount: 2000,
};

describe('PATCH /api/profile', () => {
  it('keeps the details a request needed until the puzzle has been posted to the member', async () => {
    const { row, cookie } = await member({ puzzlePoints: 20 });
    expect((await patchProfile(completeForm, cookie)).statusCode).toBe(200);
    const owner = await createMember(t.database.db, { firstName: 'Derek', lastName: 'Pemberton' });
    const listing = await createListing(t.database.db, owner.id, { title: 'Kingfisher on a Branch', puzzlePoints: 3 });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/trade-requests',
      payload: { puzzleListingId: listing.id },
      headers: { cookie },
    });
    expect(asked.statusCode).toBe(201);
    const withoutAddress = { ...completeForm, line_1: undefined, phone: undefined };
    for (const status of ['pending', 'accepted'] as const) {
      await t.database.db.update(tradeRequests).set({ status }).where(eq(tradeRequests.id, asked.json().id));
      const res = await patchProfile(withoutAddress, cookie);
      expect(res.statusCode).toBe(400);
      const message = keepDetailsMessage('Kingfisher on a Branch', 'Derek P.');
      expect(res.json().errors).toEqual([
        { path: 'phone', message },
        { path: 'line_1', message },
      ]);
      expect(await rowOf(row.id)).toMatchObject({ ...completeForm, profileCompleted: true });
    }
    // Once it is on its way, the member may change or clear anything.
    await t.database.db.update(tradeRequests).set({ status: 'shipped' }).where(eq(tradeRequests.id, asked.json().id));
    expect((await patchProfile(withoutAddress, cookie)).statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ line_1: null, profileCompleted: false });
  });

  it('answers 401 to a signed-out caller, before looking at the body', async () => {
    expect((await patchProfile(completeForm)).statusCode).toBe(401);
    const res = await patchProfile({ firstName: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('saves the form and answers the updated member, without the password hash', async () => {
    const { row, cookie } = await member();
    const res = await patchProfile(completeForm, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: row.id, email: row.email, ...completeForm, profileCompleted: true });
    expect(body).not.toHaveProperty('passwordHash');
    expect(await rowOf(row.id)).toMatchObject(completeForm);
  });

  it('trims every text and normalises the postcode as the product says', async () => {
    const { row, cookie } = await member();
    const res = await patchProfile(
      {
        ...completeForm,
        firstName: '  Jean ',
        lastName: '\tFairweather  ',
        line_1: '  3 Mill Row ',
        town_or_city: ' Harrogate',
        postcode: '  hg1    4qq ',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({
      firstName: 'Jean',
      lastName: 'Fairweather',
      line_1: '3 Mill Row',
      town_or_city: 'Harrogate',
      postcode: 'HG1 4QQ',
    });
  });

  describe('validation', () => {
    it.each([
      [{ ...completeForm, firstName: undefined }, 'firstName', 'First name is required'],
      [{ ...completeForm, firstName: '   ' }, 'firstName', 'First name is required'],
      [{ ...completeForm, lastName: undefined }, 'lastName', 'Last name is required'],
      [{ ...completeForm, lastName: '' }, 'lastName', 'Last name is required'],
      [{ ...completeForm, minPieceCount: 50 }, 'minPieceCount', 'Minimum pieces must be at least 100'],
      [{ ...completeForm, maxPieceCount: 10001 }, 'maxPieceCount', 'Maximum pieces cannot be more than 10000'],
      [{ ...completeForm, minPieceCount: 3000, maxPieceCount: 1000 }, 'maxPieceCount', PIECE_RANGE_MESSAGE],
      [{ ...completeForm, preferredDifficulty: 'fiendish' }, 'preferredDifficulty', 'Choose a preferred difficulty'],
    ])('refuses %j with "%s: %s"', async (payload, path, message) => {
      const { row, cookie } = await member();
      const before = await rowOf(row.id);
      const res = await patchProfile(payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
      expect(res.json().message).toBe(`Validation failed: ${path}: ${message}`);
      expect(await rowOf(row.id)).toEqual(before);
    });

    it('reports every problem at once, as the client shows them', async () => {
      const { cookie } = await member();
      const res = await patchProfile({ firstName: '', lastName: ' ' }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Validation failed: firstName: First name is required, lastName: Last name is required',
      );
    });

    it('checks the piece range after an emptied maximum falls back to 5000', async () => {
      const { cookie } = await member();
      const { maxPieceCount: _omitted, ...form } = completeForm;
      const res = await patchProfile({ ...form, minPieceCount: 6000 }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'maxPieceCount', message: PIECE_RANGE_MESSAGE }]);
    });

    it('takes only a country from the list, and a real postcode for a UK address', async () => {
      const { row, cookie } = await member({ country: 'United Kingdom' });
      const before = await rowOf(row.id);
      const narnia = await patchProfile({ ...completeForm, country: 'Narnia', postcode: '12345' }, cookie);
      expect(narnia.statusCode).toBe(400);
      expect(narnia.json().errors).toEqual([{ path: 'country', message: 'Please choose a country from the list' }]);
      const junk = await patchProfile({ ...completeForm, postcode: 'zzz' }, cookie);
      expect(junk.statusCode).toBe(400);
      expect(junk.json().errors).toEqual([
        { path: 'postcode', message: 'Please enter a full UK postcode, such as SW1A 1AA' },
      ]);
      expect(await rowOf(row.id)).toEqual(before);
      // Other countries keep their own postcode formats.
      const ireland = await patchProfile({ ...completeForm, country: 'Ireland', postcode: 'D02 X285' }, cookie);
      expect(ireland.statusCode, ireland.body).toBe(200);
    });

    it('keeps a country stored before the list existed, but does not let a new one in', async () => {
      const { cookie } = await member({ country: 'England' });
      expect((await patchProfile({ ...completeForm, country: 'England' }, cookie)).statusCode).toBe(200);
      expect((await patchProfile({ ...completeForm, country: 'Wales' }, cookie)).statusCode).toBe(400);
    });

    it('refuses a body that is not an object', async () => {
      const { cookie } = await member();
      const res = await patchProfile([completeForm], cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Validation failed/);
    });
  });

  describe('what a member may not set', () => {
    it('ignores e-mail, points, admin status, completeness and the other account fields', async () => {
      const { row, cookie } = await member({ points: 7 });
      const incomplete = { firstName: 'Sly', lastName: 'Fox' };
      const res = await patchProfile(
        {
          ...incomplete,
          email: 'attacker@example.org',
          puzzlePoints: 9999,
          isAdmin: true,
          profileCompleted: true,
          hasSeenWelcomeGift: false,
          emailVerified: false,
          completedTrades: 500,
          tradingReputation: 5,
          passwordHash: 'x',
          joinedAt: '2001-01-01T00:00:00.000Z',
        },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      const after = await rowOf(row.id);
      expect(after).toMatchObject({
        firstName: 'Sly',
        email: row.email,
        puzzlePoints: 7,
        isAdmin: false,
        // Computed from the (now incomplete) profile, not taken from the body.
        profileCompleted: false,
        hasSeenWelcomeGift: row.hasSeenWelcomeGift,
        emailVerified: true,
        completedTrades: 0,
        tradingReputation: 0,
        passwordHash: row.passwordHash,
        joinedAt: row.joinedAt,
      });
      expect(res.json()).toMatchObject({ email: row.email, puzzlePoints: 7, isAdmin: false, profileCompleted: false });
    });

    it("changes only the caller's own row, whatever ids the body carries", async () => {
      const me = await member();
      const other = await member({ firstName: 'Olive', lastName: 'Other' });
      const otherBefore = await rowOf(other.row.id);
      const res = await patchProfile(
        { ...completeForm, id: other.row.id, userId: other.row.id, firstName: 'Mallory' },
        me.cookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(me.row.id);
      expect((await rowOf(me.row.id)).firstName).toBe('Mallory');
      expect(await rowOf(other.row.id)).toEqual(otherBefore);
    });

    it('refuses a cross-site request and changes nothing', async () => {
      const { row, cookie } = await member();
      const before = await rowOf(row.id);
      const res = await patchProfile(completeForm, cookie, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(await rowOf(row.id)).toEqual(before);
    });
  });

  describe('profileCompleted, computed by the server', () => {
    it('becomes true with name, phone, line 1, town, country and postcode, and false again without the phone', async () => {
      const { row, cookie } = await member({ phone: null, line_1: null, postcode: null, profileCompleted: false });
      const complete = await patchProfile(
        {
          firstName: 'Ada',
          lastName: 'Brook',
          phone: '01632 960789',
          country: 'United Kingdom',
          line_1: '1 Lock Street',
          town_or_city: 'Skipton',
          postcode: 'BD23 1AA',
        },
        cookie,
      );
      expect(complete.statusCode).toBe(200);
      expect(complete.json().profileCompleted).toBe(true);
      expect((await rowOf(row.id)).profileCompleted).toBe(true);

      // The member empties the phone field: the form leaves it out (docs/product/screens.md#profile).
      const withoutPhone = await patchProfile(
        {
          firstName: 'Ada',
          lastName: 'Brook',
          country: 'United Kingdom',
          line_1: '1 Lock Street',
          town_or_city: 'Skipton',
          postcode: 'BD23 1AA',
        },
        cookie,
      );
      expect(withoutPhone.statusCode).toBe(200);
      expect(withoutPhone.json()).toMatchObject({ phone: null, profileCompleted: false });
      expect((await rowOf(row.id)).profileCompleted).toBe(false);
    });

    it('counts whitespace-only required fields as missing', async () => {
      const { cookie } = await member();
      const res = await patchProfile({ ...completeForm, town_or_city: '   ' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ town_or_city: null, profileCompleted: false });
    });

    it('is complete for a United States address entered by hand', async () => {
      const { cookie } = await member({ profileCompleted: false });
      const res = await patchProfile(
        {
          firstName: 'Ruth',
          lastName: 'Cole',
          phone: '+1 802 555 0147',
          country: 'United States',
          line_1: '14 Maple Street',
          town_or_city: 'Burlington',
          county: 'Vermont',
          postcode: '05401',
        },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ country: 'United States', postcode: '05401', profileCompleted: true });
    });
  });

  describe('the form is saved whole (a field left out was emptied)', () => {
    it('clears left-out texts and resets left-out preferences to their defaults', async () => {
      const { row, cookie } = await member();
      const manufacturerIds = (await t.database.db.select({ id: manufacturers.id }).from(manufacturers).limit(2)).map(
        (m) => m.id,
      );
      expect(
        (await patchProfile({ ...completeForm, preferredManufacturers: manufacturerIds }, cookie)).statusCode,
      ).toBe(200);

      const res = await patchProfile({ firstName: 'Jean', lastName: 'Fairweather' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({
        phone: null,
        country: 'United Kingdom',
        line_1: null,
        line_2: null,
        locality: null,
        town_or_city: null,
        county: null,
        postcode: null,
        preferredDifficulty: 'any',
        conditionPreference: 'any',
        minPieceCount: 100,
        maxPieceCount: 5000,
        preferredManufacturers: [],
        profileCompleted: false,
      });
    });

    it('treats an explicit null like a left-out field', async () => {
      const { row, cookie } = await member();
      const res = await patchProfile({ ...completeForm, line_2: null, county: null }, cookie);
      expect(res.statusCode).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({ line_2: null, county: null, line_1: '3 Mill Row' });
    });
  });

  describe('preferred manufacturers', () => {
    it('saves existing manufacturers (active or not), without duplicates', async () => {
      const { row, cookie } = await member();
      const [a, b] = await t.database.db.select().from(manufacturers).limit(2);
      const [retired] = await t.database.db
        .insert(manufacturers)
        .values({ name: `Retired Brand ${Date.now()}`, isActive: false })
        .returning();
      const res = await patchProfile(
        { ...completeForm, preferredManufacturers: [a!.id, b!.id, a!.id, retired!.id] },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().preferredManufacturers).toEqual([a!.id, b!.id, retired!.id]);
      expect((await rowOf(row.id)).preferredManufacturers).toEqual([a!.id, b!.id, retired!.id]);
    });

    it('refuses ids that name no manufacturer, with a clear message', async () => {
      const { row, cookie } = await member();
      const before = await rowOf(row.id);
      const [a] = await t.database.db.select().from(manufacturers).limit(1);
      const res = await patchProfile({ ...completeForm, preferredManufacturers: [a!.id, 987654] }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Validation failed: preferredManufacturers: Unknown manufacturer (id 987654). Please choose from the list.',
      );
      expect(await rowOf(row.id)).toEqual(before);
    });

    it('refuses ids that are not positive whole numbers', async () => {
      const { cookie } = await member();
      const res = await patchProfile({ ...completeForm, preferredManufacturers: ['1', -2] }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
        'preferredManufacturers.0',
        'preferredManufacturers.1',
      ]);
    });
  });
});

describe('GET /api/manufacturers and /api/manufacturers/active', () => {
  it('are public lists of {id, name}, sorted by name; /active leaves out inactive ones', async () => {
    const [hidden] = await t.database.db
      .insert(manufacturers)
      .values({ name: `aardvark Puzzles ${Date.now()}`, isActive: false })
      .returning();

    const all = await t.app.inject({ method: 'GET', url: '/api/manufacturers' });
    const active = await t.app.inject({ method: 'GET', url: '/api/manufacturers/active' });
    expect(all.statusCode).toBe(200);
    expect(active.statusCode).toBe(200);

    const allList: { id: number; name: string }[] = all.json();
    const activeList: { id: number; name: string }[] = active.json();
    for (const m of [...allList, ...activeList]) expect(Object.keys(m).sort()).toEqual(['id', 'name']);

    const byName = (list: { name: string }[]) =>
      [...list].sort((x, y) =>
        x.name.toLowerCase() < y.name.toLowerCase() ? -1 : x.name.toLowerCase() > y.name.toLowerCase() ? 1 : 0,
      );
    expect(allList).toEqual(byName(allList));
    expect(activeList).toEqual(byName(activeList));

    const [{ total, activeCount }] = (await t.database.db
      .select({
        total: sql<number>`count(*)::int`,
        activeCount: sql<number>`count(*) FILTER (WHERE ${manufacturers.isActive})::int`,
      })
      .from(manufacturers)) as [{ total: number; activeCount: number }];
    expect(allList).toHaveLength(total);
    expect(activeList).toHaveLength(activeCount);
    expect(allList[0]).toEqual({ id: hidden!.id, name: hidden!.name });
    expect(activeList.map((m) => m.id)).not.toContain(hidden!.id);
    expect(activeList.map((m) => m.name)).toContain('Ravensburger');
  });
});
