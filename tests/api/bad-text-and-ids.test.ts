import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tradeRequests, users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { listingFor, signedInMember, type SignedIn } from './trades-fixtures';

// Issue 16 point 1: bad input is a 400 that names the field, never a 500. A NUL character
// reached PostgreSQL (which cannot store one in text) from 23 text fields on 13 routes, and
// an id past PostgreSQL's integer from five routes' bodies; both answered 500. Each case
// below sets up the state in which the step would really run (a pending trade for a decline,
// a shipped one for a confirmation…), so without the rule the bad text would reach the
// database.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.mailer = { send: async () => {} };
  admin = await signedInMember(t.database.db, { firstName: 'Eleanor', lastName: 'Whitfield' });
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await drainNotices(t.ctx);
  await t.close();
});
const db = () => t.database.db;

type Method = 'POST' | 'PATCH';
const send = (method: Method, url: string, who: SignedIn | null, payload: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

type Setup = { requester: SignedIn; owner: SignedIn; listingId: number; tradeId: number };

/** A trade between two new members, moved on to `state` through the real routes. */
async function tradeIn(state: 'pending' | 'accepted' | 'shipped' | 'completed' | 'rated' | 'disputed'): Promise<Setup> {
  const requester = await signedInMember(db(), { points: 10 });
  const owner = await signedInMember(db());
  const listing = await listingFor(db(), owner);
  const created = await send('POST', '/api/trade-requests', requester, { puzzleListingId: listing.id });
  expect(created.statusCode, created.body).toBe(201);
  const tradeId = created.json().id as number;
  const steps: Array<[string, SignedIn, object]> = [];
  if (state !== 'pending') steps.push(['accept', owner, {}]);
  if (state === 'disputed') steps.push(['dispute', requester, { details: 'The box never came.' }]);
  if (['shipped', 'completed', 'rated'].includes(state)) steps.push(['ship', owner, {}]);
  if (['completed', 'rated'].includes(state)) steps.push(['confirm-delivery', requester, {}]);
  if (state === 'rated') {
    steps.push(['feedback', requester, { rating: 5, comment: 'Lovely puzzle, well packed.' }]);
    steps.push(['feedback', owner, { rating: 5, comment: 'Quick to confirm, thank you.' }]);
  }
  for (const [path, who, body] of steps) {
    const res = await send('POST', `/api/trade-requests/${tradeId}/${path}`, who, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  }
  return { requester, owner, listingId: listing.id, tradeId };
}

/** The feedback the owner received on a trade both have rated, and a response to it. */
async function ratedFeedback() {
  const s = await tradeIn('rated');
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/trade-requests/${s.tradeId}/feedback`,
    headers: { cookie: s.owner.cookie },
  });
  return { ...s, feedbackId: list.json().received.id as number };
}

async function threadBetween() {
  const asker = await signedInMember(db());
  const owner = await signedInMember(db());
  const listing = await listingFor(db(), owner);
  const res = await send('POST', '/api/message-threads', asker, {
    subject: 'Is it complete?',
    puzzleListingId: listing.id,
    recipientId: owner.id,
    initialMessage: 'Hello, are all the pieces there?',
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { asker, owner, listing, threadId: res.json().id as number };
}

/** One text field of one route, sent in the state where the route would store it. */
type Answer = Awaited<ReturnType<typeof send>>;
type TextCase = { route: string; field: string; call: (text: string) => Promise<Answer> };

const profile = { firstName: 'Jean', lastName: 'Fairweather' };
const listingForm = { title: 'Harbour at Dusk', pieces: 1000, condition: 'very_good' };
const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'country',
  'line_1',
  'line_2',
  'locality',
  'town_or_city',
  'county',
  'postcode',
];
const LISTING_FIELDS = ['title', 'subtitle', 'artist', 'barcodeNumber', 'description'];

const textCases: TextCase[] = [
  ...PROFILE_FIELDS.map((field) => ({
    route: 'PATCH /api/profile',
    field,
    call: async (text: string) =>
      send('PATCH', '/api/profile', await signedInMember(db()), { ...profile, [field]: text }),
  })),
  ...LISTING_FIELDS.map((field) => ({
    route: 'POST /api/puzzle-listings',
    field,
    call: async (text: string) =>
      send('POST', '/api/puzzle-listings', await signedInMember(db()), { ...listingForm, [field]: text }),
  })),
  ...LISTING_FIELDS.map((field) => ({
    route: 'PATCH /api/puzzle-listings/:id',
    field,
    call: async (text: string) => {
      const owner = await signedInMember(db());
      const listing = await listingFor(db(), owner);
      return send('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...listingForm, [field]: text });
    },
  })),
  ...(['subject', 'initialMessage'] as const).map((field) => ({
    route: 'POST /api/message-threads',
    field,
    call: async (text: string) => {
      const owner = await signedInMember(db());
      const listing = await listingFor(db(), owner);
      return send('POST', '/api/message-threads', await signedInMember(db()), {
        subject: 'Is it complete?',
        puzzleListingId: listing.id,
        recipientId: owner.id,
        initialMessage: 'Hello there.',
        [field]: text,
      });
    },
  })),
  {
    route: 'POST /api/message-threads/:threadId/messages',
    field: 'content',
    call: async (text) => {
      const { asker, threadId } = await threadBetween();
      return send('POST', `/api/message-threads/${threadId}/messages`, asker, { content: text });
    },
  },
  {
    route: 'POST /api/trade-requests',
    field: 'requestComments',
    call: async (text) => {
      const owner = await signedInMember(db());
      const listing = await listingFor(db(), owner);
      return send('POST', '/api/trade-requests', await signedInMember(db()), {
        puzzleListingId: listing.id,
        requestComments: text,
      });
    },
  },
  {
    route: 'POST /api/trade-requests/:id/decline',
    field: 'reason',
    call: async (text) => {
      const s = await tradeIn('pending');
      return send('POST', `/api/trade-requests/${s.tradeId}/decline`, s.owner, { reason: text });
    },
  },
  ...(['carrierName', 'trackingNumber', 'shippingNotes'] as const).map((field) => ({
    route: 'POST /api/trade-requests/:id/ship',
    field,
    call: async (text: string) => {
      const s = await tradeIn('accepted');
      return send('POST', `/api/trade-requests/${s.tradeId}/ship`, s.owner, { [field]: text });
    },
  })),
  {
    route: 'POST /api/trade-requests/:id/confirm-delivery',
    field: 'deliveryNotes',
    call: async (text) => {
      const s = await tradeIn('shipped');
      return send('POST', `/api/trade-requests/${s.tradeId}/confirm-delivery`, s.requester, { deliveryNotes: text });
    },
  },
  {
    route: 'POST /api/trade-requests/:id/dispute',
    field: 'details',
    call: async (text) => {
      const s = await tradeIn('accepted');
      return send('POST', `/api/trade-requests/${s.tradeId}/dispute`, s.requester, { details: text });
    },
  },
  {
    route: 'POST /api/trade-requests/:id/feedback',
    field: 'comment',
    call: async (text) => {
      const s = await tradeIn('completed');
      return send('POST', `/api/trade-requests/${s.tradeId}/feedback`, s.requester, { rating: 4, comment: text });
    },
  },
  {
    route: 'POST /api/feedback/:id/response',
    field: 'response',
    call: async (text) => {
      const s = await ratedFeedback();
      return send('POST', `/api/feedback/${s.feedbackId}/response`, s.owner, { response: text });
    },
  },
  {
    route: 'POST /api/feedback/:id/report',
    field: 'details',
    call: async (text) => {
      const s = await ratedFeedback();
      return send('POST', `/api/feedback/${s.feedbackId}/report`, s.owner, { reason: 'inappropriate', details: text });
    },
  },
  {
    route: 'POST /api/feedback/:id/response/report',
    field: 'details',
    call: async (text) => {
      const s = await ratedFeedback();
      const answered = await send('POST', `/api/feedback/${s.feedbackId}/response`, s.owner, {
        response: 'Thank you!',
      });
      expect(answered.statusCode, answered.body).toBe(201);
      return send('POST', `/api/feedback/${s.feedbackId}/response/report`, s.requester, {
        reason: 'inappropriate',
        details: text,
      });
    },
  },
  {
    route: 'POST /api/admin/trade-requests/:id/resolve',
    field: 'notes',
    call: async (text) => {
      const s = await tradeIn('disputed');
      return send('POST', `/api/admin/trade-requests/${s.tradeId}/resolve`, admin, { outcome: 'refund', notes: text });
    },
  },
  {
    route: 'POST /api/auth/register-email',
    field: 'email',
    call: (text) => send('POST', '/api/auth/register-email', null, { email: `new${text}@example.org` }),
  },
  {
    route: 'POST /api/auth/login',
    field: 'password',
    call: (text) =>
      send('POST', '/api/auth/login', null, { email: 'someone@example.org', password: `pass${text}word` }),
  },
  {
    route: 'POST /api/auth/login-link/verify',
    field: 'token',
    call: (text) => send('POST', '/api/auth/login-link/verify', null, { token: `abc${text}def` }),
  },
];

const NUL = '\u0000';

describe('a control character in a text field', () => {
  it.each(textCases)('$route $field: a NUL is a 400 that names the field', async ({ field, call }) => {
    const res = await call(`Before${NUL}after`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toContainEqual({
      path: field,
      message: expect.stringMatching(/ cannot contain control characters$/),
    });
    expect(body.message).toContain(`${field}: `);
  });

  it.each(['\u0007', '\u001b[31m', '\u007f', '\u0085', '\u000b'])(
    'any other control character (%j) is refused the same way',
    async (character) => {
      const res = await send('PATCH', '/api/profile', await signedInMember(db()), {
        ...profile,
        line_1: `12 Orchard${character} Lane`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'line_1', message: 'Address line 1 cannot contain control characters' },
      ]);
    },
  );

  it('the message names the field as the form labels it', async () => {
    const res = await send('POST', '/api/puzzle-listings', await signedInMember(db()), {
      ...listingForm,
      title: `A${NUL}`,
    });
    expect(res.json().message).toBe('Validation failed: title: Title cannot contain control characters');
  });

  it('line breaks and tabs are kept; a Windows or old-Mac line break is stored as one \\n', async () => {
    const { asker, threadId } = await threadBetween();
    const res = await send('POST', `/api/message-threads/${threadId}/messages`, asker, {
      content: 'Line one\r\nLine two\rLine three\n\tindented',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toBe('Line one\nLine two\nLine three\n\tindented');
    const [row] = await db().select().from(messages).where(eq(messages.id, res.json().id));
    expect(row!.content).toBe('Line one\nLine two\nLine three\n\tindented');
  });

  it('a search with a NUL is a 400 naming the query parameter', async () => {
    for (const param of ['q', 'artist', 'location']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/puzzle-listings?${param}=a%00b` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe(param);
    }
  });

  it('letters from every alphabet, emoji and accents are ordinary text', async () => {
    const member = await signedInMember(db());
    const res = await send('PATCH', '/api/profile', member, {
      firstName: 'Zoë 🧩',
      lastName: 'Ōkubo-Ἀθηνᾶ',
      line_1: 'Flat 2, Straße 5 — 東京',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Zoë 🧩', lastName: 'Ōkubo-Ἀθηνᾶ' });
  });
});

// ---------------------------------------------------------------------------------------
// Ids in bodies and queries

const TOO_BIG = 2_147_483_648; // one past PostgreSQL's integer
const LARGEST = 2_147_483_647;

type IdCase = { route: string; path: string; call: (id: number) => Promise<Answer> };

const idCases: IdCase[] = [
  {
    route: 'POST /api/trade-requests',
    path: 'puzzleListingId',
    call: async (id) => send('POST', '/api/trade-requests', await signedInMember(db()), { puzzleListingId: id }),
  },
  {
    route: 'POST /api/message-threads',
    path: 'puzzleListingId',
    call: async (id) => {
      const owner = await signedInMember(db());
      return send('POST', '/api/message-threads', await signedInMember(db()), {
        subject: 'Hello',
        puzzleListingId: id,
        recipientId: owner.id,
        initialMessage: 'Hello there.',
      });
    },
  },
  {
    route: 'POST /api/message-threads',
    path: 'recipientId',
    call: async (id) => {
      const owner = await signedInMember(db());
      const listing = await listingFor(db(), owner);
      return send('POST', '/api/message-threads', await signedInMember(db()), {
        subject: 'Hello',
        puzzleListingId: listing.id,
        recipientId: id,
        initialMessage: 'Hello there.',
      });
    },
  },
  {
    route: 'POST /api/puzzle-listings',
    path: 'manufacturerId',
    call: async (id) =>
      send('POST', '/api/puzzle-listings', await signedInMember(db()), { ...listingForm, manufacturerId: id }),
  },
  {
    route: 'PATCH /api/puzzle-listings/:id',
    path: 'manufacturerId',
    call: async (id) => {
      const owner = await signedInMember(db());
      const listing = await listingFor(db(), owner);
      return send('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...listingForm, manufacturerId: id });
    },
  },
  {
    route: 'PATCH /api/profile',
    path: 'preferredManufacturers.0',
    call: async (id) =>
      send('PATCH', '/api/profile', await signedInMember(db()), { ...profile, preferredManufacturers: [id] }),
  },
];

describe('an id past the largest the database holds', () => {
  it.each(idCases)('$route $path: is a 400 that names the field', async ({ path, call }) => {
    const res = await call(TOO_BIG);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message: expect.stringMatching(/ must be a valid id$/) });
  });

  it.each(idCases)('$route $path: the largest id is looked up like any other', async ({ call }) => {
    const res = await call(LARGEST);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('negative, zero and fractional ids are refused the same way', async () => {
    const member = await signedInMember(db());
    for (const id of [-1, 0, 1.5]) {
      const res = await send('POST', '/api/trade-requests', member, { puzzleListingId: id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe('puzzleListingId');
    }
  });

  it('in the browse query, a manufacturer past the largest id is a 400 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/puzzle-listings?manufacturerId=${TOO_BIG}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'manufacturerId', message: 'Manufacturer must be a valid id' });
    const largest = await t.app.inject({ method: 'GET', url: `/api/puzzle-listings?manufacturerId=${LARGEST}` });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().items).toEqual([]);
  });

  it('in a path, it names nothing: 404 as for any unknown id', async () => {
    const member = await signedInMember(db());
    const res = await send('POST', `/api/trade-requests/${TOO_BIG}/accept`, member, {});
    expect(res.statusCode).toBe(404);
    expect(await db().select().from(tradeRequests).where(eq(tradeRequests.requesterId, member.id))).toEqual([]);
  });
});
