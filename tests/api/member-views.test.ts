import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingViewSchema } from '../../src/domain/listings';
import { memberDisplayName, memberSelfSchema } from '../../src/domain/members';
import { createSession } from '../../src/server/auth/sessions-repository';
import { queryRows } from '../../src/server/db/client';
import { displayNameSql } from '../../src/server/members/display-name-sql';
import { toMemberSelf } from '../../src/server/members/member-views';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';
import { http, signedInMember } from './trades-fixtures';

// Issue 10, point 2: members reach clients only through the views of src/domain/members.ts
// (allow-lists), and one display-name rule, written once in TypeScript and once in SQL
// (src/server/members/display-name-sql.ts), reads the same in both.

const THROWAWAY = 'throwawaySecret';

/** Puts the throwaway field into every object of an answer, however deep, before it is serialized. */
function plant(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(plant);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.values(value)) plant(inner);
    (value as Record<string, unknown>)[THROWAWAY] = 'must not leave the server';
  }
}

/**
 * As if a column had been added to `users` (and every other table) and every answer built by
 * spreading rows: the member row gets the field as it is loaded, and every object of every
 * answer gets it just before the serializer sees it.
 */
function leakEverywhere(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.member) Object.assign(request.member, { [THROWAWAY]: 'a new column' });
  });
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    plant(payload);
    return payload;
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, leakEverywhere);
});
afterAll(async () => {
  await t.close();
});

describe('the member views', () => {
  it('name every field: a new column on the row is not in the self view', async () => {
    const row = await createMember(t.database.db);
    const view = toMemberSelf({ ...row, [THROWAWAY]: 'a new column' } as typeof row);
    expect(view).not.toHaveProperty(THROWAWAY);
    expect(Object.keys(view).sort()).toEqual(Object.keys(memberSelfSchema.shape).sort());
    expect(view).not.toHaveProperty('passwordHash');
  });

  it('no answer about members carries a field its view does not name', async () => {
    const api = http(t);
    const owner = await signedInMember(t.database.db, { firstName: 'Olive', lastName: 'Owner' });
    const asker = await signedInMember(t.database.db, { firstName: 'Alan', lastName: 'Asker' });
    const listing = await createListing(t.database.db, owner.id, { puzzlePoints: 1 });

    const answers = [
      await api.get('/api/auth/user', owner),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: owner.cookie },
        payload: {
          firstName: 'Olive',
          lastName: 'Owner',
          phone: '01632 960000',
          line_1: '1 Lane',
          town_or_city: 'York',
          postcode: 'YO1 7HH',
        },
      }),
      await api.post('/api/auth/mark-welcome-seen', owner),
      await api.post('/api/auth/login', undefined, { email: owner.email, password: 'correct horse battery' }),
      await api.get(`/api/puzzle-listings/${listing.id}`),
      await api.get('/api/puzzle-listings'),
      await api.post('/api/message-threads', asker, {
        subject: 'Hello',
        puzzleListingId: listing.id,
        recipientId: owner.id,
        initialMessage: 'Is it complete?',
      }),
    ];
    const request = await api.post('/api/trade-requests', asker, { puzzleListingId: listing.id });
    answers.push(request, await api.post(`/api/trade-requests/${request.json().id}/accept`, owner));
    answers.push(await api.get('/api/trade-requests', owner), await api.get('/api/message-threads', owner));
    answers.push(await api.get(`/api/message-threads/${request.json().threadId}/messages`, owner));

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.body).not.toContain(THROWAWAY);
    }
    // The views did reach the client: the partner's address for the owner, names elsewhere.
    const accepted = answers.at(-4)!.json();
    expect(accepted.requesterAddress).toMatchObject({ fullName: 'Alan Asker' });
    expect(accepted.requesterName).toBe('Alan A.');
    expect(answers[0]!.json()).toMatchObject({ id: owner.id, email: owner.email });
  });
});

// [first name, last name, what members read]
const NAMES: Array<[string | null, string | null, string]> = [
  ['Margaret', 'Hughes', 'Margaret H.'],
  ['margaret', 'hughes', 'margaret H.'],
  ['Mary Ann', 'de la Cruz', 'Mary Ann D.'],
  ['  Ann ', ' smith\t', 'Ann S.'],
  ['\u00a0Ann\u3000', '\u2003smith\n', 'Ann S.'],
  ['\ufeffJoan', '\u00a0', 'Joan'],
  ['Élodie', 'émile', 'Élodie É.'],
  ['Zoë', 'ørsted', 'Zoë Ø.'],
  ['Łucja', 'łukasiewicz', 'Łucja Ł.'],
  ['Ÿves', 'ÿsel', 'Ÿves Ÿ.'],
  ['Νίκος', 'παπαδόπουλος', 'Νίκος Π.'],
  ['Иван', 'петров', 'Иван П.'],
  // No capital everyone agrees on: kept as typed (JavaScript says 'SS', PostgreSQL 'ß' or 'ẞ').
  ['Anna', 'ßmith', 'Anna ß.'],
  ['Deniz', 'ıldız', 'Deniz ı.'],
  ['Lj', 'ǅokić', 'Lj ǅ.'],
  // The first whole character: an emoji is never cut in half, an accent typed after its letter is left behind.
  ['Sam', '😀smile', 'Sam 😀.'],
  ['Jo', 'e\u0301vans', 'Jo E.'],
  ['Kim', '123', 'Kim 1.'],
  [null, 'hughes', 'H.'],
  ['   ', 'Jones', 'J.'],
  ['Margaret', null, 'Margaret'],
  ['', '', 'Member'],
  [null, null, 'Member'],
  ['\t', '\u2028', 'Member'],
];

describe('answers the database writes as JSON', () => {
  // Browse pages are sent as the database wrote them (no serializer on the way), so the SQL
  // field list must name exactly the schema's fields, and nothing about the owner but the view's.
  it('a browse card has exactly the fields of the listing schema', async () => {
    const owner = await createMember(t.database.db);
    const viewer = await signedInMember(t.database.db);
    await createListing(t.database.db, owner.id, { title: 'Fields of a card' });
    // distanceMiles only when browse knows where to measure from (docs/product/near-me.md).
    const fields = Object.keys(listingViewSchema.shape)
      .filter((f) => f !== 'distanceMiles')
      .sort();

    const visitor = (await http(t).get('/api/puzzle-listings')).json();
    expect(Object.keys(visitor.items[0]).sort()).toEqual(fields.filter((f) => f !== 'isFavorite'));
    const member = (await http(t).get('/api/puzzle-listings', viewer)).json();
    expect(Object.keys(member.items[0]).sort()).toEqual(fields);
  });
});

describe('the display name', () => {
  it.each(NAMES)('%j %j reads %j in TypeScript', (first, last, expected) => {
    expect(memberDisplayName(first, last)).toBe(expected);
  });

  it('reads the same in SQL as in TypeScript, for every awkward name', async () => {
    const fromSql = await queryRows<{ i: number; name: string }>(
      t.database.db,
      sql`SELECT n.i, ${displayNameSql(sql`n.first_name`, sql`n.last_name`)} AS name
          FROM jsonb_to_recordset(${JSON.stringify(NAMES.map(([first, last], i) => ({ i, first_name: first, last_name: last })))}::jsonb)
            AS n(i int, first_name text, last_name text)
          ORDER BY n.i`,
    );
    expect(fromSql.map((r) => r.name)).toEqual(NAMES.map(([first, last]) => memberDisplayName(first, last)));
    expect(fromSql.map((r) => r.name)).toEqual(NAMES.map(([, , expected]) => expected));
  });

  it('is what a listing card and a message thread show for the same member', async () => {
    const owner = await createMember(t.database.db, {
      firstName: ' Élodie',
      lastName: 'ørsted ',
      town_or_city: 'York',
    });
    const asker = await createMember(t.database.db, { firstName: 'Sam', lastName: '😀smile' });
    const listing = await createListing(t.database.db, owner.id, { title: 'Names agree' });
    const { token } = await createSession(t.database.db, asker.id, false);

    const card = await t.app.inject({ method: 'GET', url: `/api/puzzle-listings/${listing.id}` });
    expect(card.json().ownerName).toBe('Élodie Ø.');

    const thread = await t.app.inject({
      method: 'POST',
      url: '/api/message-threads',
      headers: { cookie: `jc_session=${token}` },
      payload: {
        subject: 'Hello',
        puzzleListingId: listing.id,
        recipientId: owner.id,
        initialMessage: 'Is it complete?',
      },
    });
    expect(thread.statusCode).toBe(201);
    expect(thread.json().otherParticipants).toEqual([{ id: owner.id, name: 'Élodie Ø.' }]);
  });
});
