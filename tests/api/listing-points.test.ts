import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestedPoints } from '../../src/domain/listing-points';
import { createSession } from '../../src/server/auth/sessions-repository';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';

// GET /api/puzzle-listings/points-guide (docs/decisions/0024): the List a Puzzle form's
// suggestion from the piece count, and what members usually ask for a puzzle of that size.

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const lister = await createMember(t.database.db);
  cookie = `jc_session=${(await createSession(t.database.db, lister.id, false)).token}`;
});
afterAll(async () => {
  await t.close();
});

const guide = (query: string, who: string | null = cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/puzzle-listings/points-guide${query}`,
    headers: who ? { cookie: who } : {},
  });

describe('the points guide', () => {
  it('is for members: a visitor gets 401', async () => {
    const res = await guide('?pieces=1000', null);
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 naming the pieces when they are missing or not a piece count', async () => {
    for (const query of ['', '?pieces=', '?pieces=0', '?pieces=50001', '?pieces=many', '?pieces=12.5', '?pieces=-3']) {
      const res = await guide(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain('Pieces must be a whole number from 1 to 50000');
    }
  });

  it("suggests the scale's points and says nothing usual while fewer than 3 puzzles of the size are live", async () => {
    const owner = await createMember(t.database.db);
    await createListing(t.database.db, owner.id, { pieces: 200, puzzlePoints: 9 });
    await createListing(t.database.db, owner.id, { pieces: 249, puzzlePoints: 9 });
    const res = await guide('?pieces=100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pieces: 100,
      suggestedPoints: suggestedPoints(100),
      minPieces: 1,
      maxPieces: 249,
      listingCount: 2,
      usualPoints: null,
    });
  });

  it('gives the middle points of the live listings of that size, leaving out drafts, other sizes and suspended owners', async () => {
    const db = t.database.db;
    const owner = await createMember(db);
    for (const [pieces, puzzlePoints] of [
      [1500, 4],
      [2000, 6],
      [2999, 9],
    ] as const)
      await createListing(db, owner.id, { pieces, puzzlePoints });
    // None of these count.
    await createListing(db, owner.id, { pieces: 2000, puzzlePoints: 25, status: 'draft' });
    await createListing(db, owner.id, { pieces: 2000, puzzlePoints: 25, status: 'archived' });
    await createListing(db, owner.id, { pieces: 3000, puzzlePoints: 25 });
    await createListing(db, owner.id, { pieces: 1499, puzzlePoints: 1 });
    const suspended = await createMember(db, { suspendedAt: new Date(), suspensionReason: 'Testing the guide.' });
    await createListing(db, suspended.id, { pieces: 2000, puzzlePoints: 25 });

    const res = await guide('?pieces=2000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pieces: 2000,
      suggestedPoints: 7,
      minPieces: 1500,
      maxPieces: 2999,
      listingCount: 3,
      usualPoints: 6,
    });
  });

  it('takes in a listing published through the API at once, and rounds a middle between two values', async () => {
    const db = t.database.db;
    const owner = await createMember(db);
    // With the 1,499-piece listing of the test before (1 point): 1, 3, 6.
    for (const puzzlePoints of [3, 6]) await createListing(db, owner.id, { pieces: 1000, puzzlePoints });
    const before = await guide('?pieces=800');
    expect(before.json()).toMatchObject({ suggestedPoints: 5, minPieces: 450, maxPieces: 1499, listingCount: 3 });
    expect(before.json<{ usualPoints: number }>().usualPoints).toBe(3);

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/puzzle-listings',
      headers: { cookie },
      payload: {
        title: 'Harbour at Dusk',
        pieces: 1200,
        difficulty: 'medium',
        condition: 'good',
        puzzlePoints: 12,
        missingPieces: 0,
        status: 'active',
      },
    });
    expect(published.statusCode).toBe(201);
    // 1, 3, 6, 12: the middle is 4.5, said as 5.
    const after = await guide('?pieces=800');
    expect(after.json()).toMatchObject({ listingCount: 4, usualPoints: 5 });
  });
});
