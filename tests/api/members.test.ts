import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { memberProfiles, users } from '../../src/server/db/schema';
import { createListing } from '../support/factories';
import { multipart } from '../support/multipart';
import { completeTradeFor, signedInMember, type SignedIn, useTradeTestApp } from './trades-fixtures';

// docs/product/members.md: the member directory, member pages and a member's own settings, as a visitor
// (401), a member, the page's owner, another member and an administrator. What a member
// must never learn about another (e-mail, phone, street, postcode, balance) is planted with
// values that cannot occur by chance and looked for in every answer.

const app = useTradeTestApp();
const { api, db } = app;

const PRIVATE = {
  phone: '07700 900417',
  line_1: '41 Secretive Crescent',
  line_2: 'Hidden Annexe',
  postcode: 'ZX9 4QQ',
};
const BALANCE = 23;

let n = 0;
/** A member with the private values planted, a unique first name, and the settings given. */
async function member(
  input: Parameters<typeof signedInMember>[1] = {},
  profile?: Partial<typeof memberProfiles.$inferInsert>,
): Promise<SignedIn> {
  n += 1;
  const m = await signedInMember(db(), {
    email: `private.address.${n}@example.org`,
    firstName: `Member${n}`,
    lastName: 'Quartermaine',
    town_or_city: 'Harrogate',
    points: BALANCE,
    ...PRIVATE,
    ...input,
  });
  if (profile)
    await db()
      .insert(memberProfiles)
      .values({ userId: m.id, ...profile });
  return m;
}

const patch = (who: SignedIn | undefined, payload: object) =>
  app.t.app.inject({
    method: 'PATCH',
    url: '/api/members/me/profile',
    payload,
    headers: who ? { cookie: who.cookie } : {},
  });

/** Every key anywhere in a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  }
  return into;
}

/** Nothing that reaches a member at home, and no balance, in an answer about other members. */
function expectNothingPrivate(body: string, about: SignedIn) {
  for (const secret of [about.email, PRIVATE.phone, PRIVATE.line_1, PRIVATE.line_2, PRIVATE.postcode, 'Quartermaine']) {
    expect(body).not.toContain(secret);
  }
  const answer: unknown = JSON.parse(body);
  const keys = keysOf(answer);
  for (const key of ['email', 'phone', 'line_1', 'line_2', 'postcode', 'balance', 'passwordHash', 'address']) {
    expect(keys.has(key), key).toBe(false);
  }
  // The member's balance: no card or page has puzzlePoints (a listing's puzzlePoints is its price).
  for (const card of [answer].flat() as Record<string, unknown>[]) expect(card).not.toHaveProperty('puzzlePoints');
}

const CARD_KEYS = [
  'avatarThumbnailUrl',
  'avatarUrl',
  'completedTrades',
  'id',
  'memberSince',
  'name',
  'rating',
  'town',
  'welcomeMessage',
];

describe('who may call', () => {
  it('every members call needs sign-in (401 for a visitor)', async () => {
    const someone = await member();
    for (const url of ['/api/members', `/api/members/${someone.id}`, '/api/members/me/profile']) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
    expect((await patch(undefined, { welcomeMessage: 'Hello' })).statusCode).toBe(401);
  });
});

describe('the member directory', () => {
  it('shows a public member as a card: Margaret H., town, member since, trades, rating, welcome; nothing private', async () => {
    const margaret = await member(
      { firstName: 'Margaret', lastName: 'Hughes', joinedAt: new Date('2023-03-05T10:00:00Z'), completedTrades: 3 },
      { welcomeMessage: 'Cottages and cats, please.' },
    );
    await db().update(users).set({ tradingReputation: 4.7 }).where(eq(users.id, margaret.id));
    const viewer = await member();

    const res = await api.get('/api/members?q=Margaret', viewer);
    expect(res.statusCode).toBe(200);
    const card = res.json().find((c: { id: number }) => c.id === margaret.id);
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card).toEqual({
      id: margaret.id,
      name: 'Margaret H.',
      town: 'Harrogate',
      memberSince: '2023-03-05T10:00:00.000Z',
      completedTrades: 3,
      rating: 4.7,
      avatarUrl: null,
      avatarThumbnailUrl: null,
      welcomeMessage: 'Cottages and cats, please.',
    });
    expect(res.body).not.toContain('Hughes');
    expectNothingPrivate(res.body, margaret);
  });

  it("says 'New Member' for a member with no rating, and hides the town of a member who hides it", async () => {
    const quiet = await member({ firstName: 'Quietly' }, { showLocation: false });
    const res = await api.get('/api/members?q=Quietly', await member());
    expect(res.json()).toEqual([
      expect.objectContaining({ id: quiet.id, name: 'Quietly Q.', town: null, rating: 'New Member' }),
    ]);
    expect(res.body).not.toContain('Harrogate');
  });

  it('leaves out private profiles, accounts still joining and members without a name', async () => {
    const shown = await member({ firstName: 'Listable' });
    await member({ firstName: 'Listable' }, { isProfilePublic: false });
    await member({ firstName: 'Listable', passwordHash: null });
    const nameless = await member({ firstName: null, lastName: null });
    const res = await api.get('/api/members?q=Listable', await member());
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([shown.id]);
    const all = await api.get('/api/members?page=1', shown);
    expect(all.json().some((c: { id: number }) => c.id === nameless.id)).toBe(false);
  });

  it("searches what members see: the first name, ignoring case, and 'Margaret H.' by its initial, never a surname", async () => {
    const a = await member({ firstName: 'Winifred', lastName: 'Ashcombe' });
    const b = await member({ firstName: 'Winifred', lastName: 'Blakeney' });
    const c = await member({ firstName: 'Edwina', lastName: 'Winters' });
    const viewer = await member();
    const ids = async (q: string) =>
      (await api.get(`/api/members?q=${encodeURIComponent(q)}`, viewer)).json().map((x: { id: number }) => x.id);
    expect(await ids('winifred')).toEqual([a.id, b.id]);
    expect(await ids('nifr')).toEqual([a.id, b.id]);
    expect(await ids('Winifred B.')).toEqual([b.id]);
    expect(await ids('winifred a')).toEqual([a.id]);
    expect(await ids('Edwina')).toEqual([c.id]);
    // Surnames are not shown, so they find nobody.
    expect(await ids('Blakeney')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await ids('%')).toEqual([]);
  });

  it('filters by the start of a town, ignoring case, and never by a town a member hides', async () => {
    const shown = await member({ firstName: 'Townsend', town_or_city: 'Knaresborough' });
    await member({ firstName: 'Townsend', town_or_city: 'Knaresborough' }, { showLocation: false });
    await member({ firstName: 'Townsend', town_or_city: 'York' });
    const viewer = await member();
    const res = await api.get('/api/members?q=Townsend&town=knares', viewer);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual([shown.id]);
  });

  it('pages 30 members at a time, in name order', async () => {
    const made: SignedIn[] = [];
    for (let i = 0; i < 31; i++) {
      made.push(await member({ firstName: 'Pagination', lastName: `${String.fromCharCode(65 + (i % 26))}${i}` }));
    }
    const viewer = made[0]!;
    const first = (await api.get('/api/members?q=Pagination', viewer)).json();
    const second = (await api.get('/api/members?q=Pagination&page=2', viewer)).json();
    const third = (await api.get('/api/members?q=Pagination&page=3', viewer)).json();
    expect(first).toHaveLength(30);
    expect(second).toHaveLength(1);
    expect(third).toEqual([]);
    const names = [...first, ...second].map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
    expect(new Set([...first, ...second].map((c: { id: number }) => c.id)).size).toBe(31);
  });

  it('refuses a bad page or an overlong search with 400', async () => {
    const viewer = await member();
    expect((await api.get('/api/members?page=0', viewer)).statusCode).toBe(400);
    expect((await api.get(`/api/members?q=${'x'.repeat(101)}`, viewer)).json().message).toBe(
      'Validation failed: q: Search must be at most 100 characters',
    );
  });
});

describe('a member page', () => {
  it('shows the card, about me, achievements, the puzzles on offer and the visible feedback with responses, newest first', async () => {
    const owner = await member(
      { firstName: 'Dorothy', lastName: 'Pemberton' },
      { aboutMe: 'Forty years of Wentworth puzzles.', welcomeMessage: 'Hello all!' },
    );
    const first = await member({ firstName: 'Alfred' });
    const second = await member({ firstName: 'Beatrice' });
    const live = await createListing(db(), owner.id, { title: 'Lighthouse at Dusk' });
    await createListing(db(), owner.id, { title: 'Unfinished Draft', status: 'draft' });

    // Two completed trades, each rated both ways (so visible), and one answered.
    const tradeA = await completeTradeFor(api, first, owner, (await createListing(db(), owner.id)).id);
    await api.post(`/api/trade-requests/${tradeA}/feedback`, first, { rating: 4, comment: 'Good puzzle.' });
    await api.post(`/api/trade-requests/${tradeA}/feedback`, owner, { rating: 5, comment: 'Thanks Alfred.' });
    const tradeB = await completeTradeFor(api, second, owner, (await createListing(db(), owner.id)).id);
    const latest = await api.post(`/api/trade-requests/${tradeB}/feedback`, second, {
      rating: 5,
      comment: 'Wonderfully packed.',
    });
    await api.post(`/api/trade-requests/${tradeB}/feedback`, owner, { rating: 5, comment: 'Thanks Beatrice.' });
    await api.post(`/api/feedback/${latest.json().id}/response`, owner, { response: 'It was a pleasure.' });
    // A third trade rated by one side only: hidden for 14 days.
    const tradeC = await completeTradeFor(api, first, owner, (await createListing(db(), owner.id)).id);
    await api.post(`/api/trade-requests/${tradeC}/feedback`, first, { rating: 1, comment: 'Not yet visible.' });

    const res = await api.get(`/api/members/${owner.id}`, second);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      id: owner.id,
      name: 'Dorothy P.',
      town: 'Harrogate',
      completedTrades: 3,
      rating: 4.5,
      welcomeMessage: 'Hello all!',
      aboutMe: 'Forty years of Wentworth puzzles.',
      isPrivate: false,
    });
    expect(page.activeListings.map((l: { title: string }) => l.title)).toEqual(['Lighthouse at Dusk']);
    expect(page.activeListings[0]).toMatchObject({ id: live.id, ownerName: 'Dorothy P.', ownerTown: 'Harrogate' });
    expect(page.feedback.map((f: { comment: string }) => f.comment)).toEqual(['Wonderfully packed.', 'Good puzzle.']);
    expect(page.feedback[0]).toMatchObject({
      rating: 5,
      fromName: 'Beatrice Q.',
      response: { response: 'It was a pleasure.' },
    });
    // The first completed trade also counted the listings already on offer.
    expect(page.achievements.map((a: { type: string }) => a.type)).toEqual(['first_listing', 'first_trade']);
    expect(page.achievements[1]).toMatchObject({ title: 'First Trade', description: expect.any(String) });
    expectNothingPrivate(res.body, owner);
  });

  it('is 404 for no such member, and for an id that cannot be one', async () => {
    const viewer = await member();
    for (const id of ['999999', 'abc', '0']) {
      const res = await api.get(`/api/members/${id}`, viewer);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Member not found');
    }
  });

  it('a private profile is 404 to other members, open to its owner and to administrators, and so is its feedback', async () => {
    const hidden = await member({ firstName: 'Hidden' }, { isProfilePublic: false, aboutMe: 'Just browsing.' });
    const other = await member();
    const admin = await member({ isAdmin: true });
    expect((await api.get(`/api/members/${hidden.id}`, other)).statusCode).toBe(404);
    expect((await api.get(`/api/members/${hidden.id}/feedback`, other)).statusCode).toBe(404);

    const own = await api.get(`/api/members/${hidden.id}`, hidden);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ isPrivate: true, aboutMe: 'Just browsing.' });
    const asAdmin = await api.get(`/api/members/${hidden.id}`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expectNothingPrivate(asAdmin.body, hidden);
    expect((await api.get(`/api/members/${hidden.id}/feedback`, admin)).statusCode).toBe(200);
  });

  it('a suspended member’s page is 404 to other members while the suspension lasts, as they leave the directory; open to administrators', async () => {
    // Issue 23 point 6: the directory hid them, but their page still answered 200.
    const suspended = await member({ firstName: 'Suspended' });
    const other = await member();
    const admin = await member({ isAdmin: true });
    expect((await api.get(`/api/members/${suspended.id}`, other)).statusCode).toBe(200);
    const res = await api.post(`/api/admin/users/${suspended.id}/suspend`, admin, { reason: 'Spam listings' });
    expect(res.statusCode, res.body).toBe(200);

    const page = await api.get(`/api/members/${suspended.id}`, other);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe('Member not found');
    expect((await api.get(`/api/members/${suspended.id}/feedback`, other)).statusCode).toBe(404);
    expect((await api.get(`/api/members/${suspended.id}`, admin)).statusCode).toBe(200);

    expect((await api.post(`/api/admin/users/${suspended.id}/unsuspend`, admin)).statusCode).toBe(200);
    expect((await api.get(`/api/members/${suspended.id}`, other)).statusCode).toBe(200);
  });

  it('shows the town only when the member shows it, on the page and on its listings', async () => {
    const owner = await member({ firstName: 'Townless', town_or_city: 'Whitby' }, { showLocation: false });
    await createListing(db(), owner.id);
    const res = await api.get(`/api/members/${owner.id}`, await member());
    expect(res.json().town).toBeNull();
    expect(res.json().activeListings[0].ownerTown).toBeNull();
    expect(res.body).not.toContain('Whitby');
  });
});

describe("a member's own settings", () => {
  it('starts from the defaults: public, town shown, standard text, nothing written yet', async () => {
    const me = await member();
    const res = await api.get('/api/members/me/profile', me);
    expect(res.json()).toEqual({
      avatarUrl: null,
      avatarThumbnailUrl: null,
      welcomeMessage: null,
      aboutMe: null,
      isProfilePublic: true,
      showLocation: true,
      textSize: 'standard',
    });
  });

  it('saves what is sent and leaves the rest; blank text clears it', async () => {
    const me = await member();
    const saved = await patch(me, {
      welcomeMessage: '  Hello, fellow puzzlers!  ',
      aboutMe: 'Retired.',
      showLocation: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      welcomeMessage: 'Hello, fellow puzzlers!',
      aboutMe: 'Retired.',
      showLocation: false,
    });

    const again = await patch(me, { aboutMe: '' });
    expect(again.json()).toMatchObject({
      welcomeMessage: 'Hello, fellow puzzlers!',
      aboutMe: null,
      showLocation: false,
    });
    expect((await api.get('/api/members/me/profile', me)).json()).toEqual(again.json());
  });

  it("keeps the product's limits: welcome message 200, about me 500", async () => {
    const me = await member();
    expect((await patch(me, { welcomeMessage: 'w'.repeat(200), aboutMe: 'a'.repeat(500) })).statusCode).toBe(200);
    const tooLong = await patch(me, { welcomeMessage: 'w'.repeat(201), aboutMe: 'a'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([
      { path: 'welcomeMessage', message: 'Welcome message must be at most 200 characters' },
      { path: 'aboutMe', message: 'About me must be at most 500 characters' },
    ]);
    expect((await patch(me, { textSize: 'huge' })).json().errors[0].path).toBe('textSize');
  });

  it('changes only the signed-in member: another member is untouched whatever the body says', async () => {
    const me = await member();
    const other = await member({}, { welcomeMessage: 'Theirs' });
    await patch(me, { welcomeMessage: 'Mine', userId: other.id, id: other.id });
    expect((await api.get('/api/members/me/profile', other)).json().welcomeMessage).toBe('Theirs');
    expect((await api.get('/api/members/me/profile', me)).json().welcomeMessage).toBe('Mine');
  });

  it('hiding the profile takes the member out of the directory and makes their page 404 to others', async () => {
    const me = await member({ firstName: 'Vanishing' });
    const other = await member();
    expect((await api.get('/api/members?q=Vanishing', other)).json()).toHaveLength(1);
    expect((await patch(me, { isProfilePublic: false })).json().isProfilePublic).toBe(false);
    expect((await api.get('/api/members?q=Vanishing', other)).json()).toEqual([]);
    expect((await api.get(`/api/members/${me.id}`, other)).statusCode).toBe(404);
    // The account's own flag (publicProfile) says the same.
    expect((await api.get('/api/auth/user', me)).json().publicProfile).toBe(false);
  });

  it('the text size is saved on the account: the self view carries it, on any device', async () => {
    const me = await member();
    expect((await api.get('/api/auth/user', me)).json().textSize).toBe('standard');
    expect((await patch(me, { textSize: 'largest' })).json().textSize).toBe('largest');
    // Another session (another device) reads the same.
    const { token } = await createSession(db(), me.id, false);
    expect((await api.get('/api/auth/user', { cookie: `jc_session=${token}` })).json().textSize).toBe('largest');
  });

  it('takes an avatar only from the club uploads: a square picture, re-encoded, shown on the card', async () => {
    const me = await member({ firstName: 'Avatared' });
    const refused = await patch(me, { avatarUrl: '/uploads/not-a-real-upload.webp' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'avatarUrl', message: 'Avatar must be a picture uploaded to the club first' },
    ]);
    expect((await patch(me, { avatarUrl: 'https://elsewhere.example/me.png' })).statusCode).toBe(400);

    // A wide photo, cropped square.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    const body = multipart(photo, 'me.jpg', 'image/jpeg');
    const uploaded = await app.t.app.inject({
      method: 'POST',
      url: '/api/uploads?shape=square',
      payload: body.payload,
      headers: { ...body.headers, cookie: me.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    const { url, thumbnailUrl } = uploaded.json();
    for (const [picture, side] of [
      [url, 512],
      [thumbnailUrl, 192],
    ] as const) {
      const stored = await app.t.ctx.pictures.get(picture.replace('/uploads/', ''));
      if (!stored || stored === 'not-modified') throw new Error(`${picture} is not stored`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(chunk as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
    }

    const saved = await patch(me, { avatarUrl: url });
    expect(saved.json()).toMatchObject({ avatarUrl: url, avatarThumbnailUrl: thumbnailUrl });
    const card = (await api.get('/api/members?q=Avatared', me)).json()[0];
    expect(card).toMatchObject({ avatarUrl: url, avatarThumbnailUrl: thumbnailUrl });
    expect((await patch(me, { avatarUrl: null })).json().avatarUrl).toBeNull();
  });
});
