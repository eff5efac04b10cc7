import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_USER_CALLS_PER_MINUTE, LISTINGS_PER_HOUR } from '../../src/domain/constants';
import { createSession } from '../../src/server/auth/sessions-repository';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';

// Issue 16 point 6: listing creation and uploads are limited per member (4,781 listings came
// from two members in 30 seconds), an upload of two files is refused, and the current-user
// call, which every page load makes, allows a club night of members behind one address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member() {
  const row = await createMember(t.database.db);
  const { token } = await createSession(t.database.db, row.id, false);
  return `jc_session=${token}`;
}

const listing = { title: 'Harbour at Dusk', pieces: 1000, condition: 'very_good' };
const createListing = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/puzzle-listings', payload: listing, headers: { cookie } });

/** A multipart/form-data body with these files, as a browser's FormData sends it. */
function formData(files: Array<{ name: string; bytes: Buffer }>) {
  const boundary = `----jigsaw${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap(({ name, bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (cookie: string, body: ReturnType<typeof formData>) =>
  t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie } });

describe('listing puzzles', () => {
  it(`allows ${LISTINGS_PER_HOUR} new listings an hour per member, then 429 with a sentence to read`, async () => {
    const busy = await member();
    for (let i = 0; i < LISTINGS_PER_HOUR; i++) {
      const res = await createListing(busy);
      if (res.statusCode !== 201) expect.fail(`listing ${i + 1} answered ${res.statusCode}: ${res.body}`);
    }
    const over = await createListing(busy);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: 'You have listed a lot of puzzles in the last hour. Please wait a while and try again.',
      code: 'RATE_LIMITED',
    });
    // Counted per member, not per address: another member at the same club night lists on.
    expect((await createListing(await member())).statusCode).toBe(201);
  }, 60_000);
});

describe('uploading pictures', () => {
  it('refuses two files in one upload with 400, and stores neither', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const cookie = await member();
    const res = await upload(
      cookie,
      formData([
        { name: 'front.png', bytes: png },
        { name: 'back.png', bytes: png },
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Send one picture at a time.', code: 'BAD_REQUEST' });
    let stored = 0;
    for await (const _ of t.ctx.pictures.list()) stored++;
    expect(stored).toBe(0);
    // One file is fine.
    expect((await upload(cookie, formData([{ name: 'front.png', bytes: png }]))).statusCode).toBe(201);
  });
});

describe('asking who is signed in', () => {
  // A page load asks once (tests/e2e/current-user-calls.test.ts); moving between pages asks
  // nothing more. 60 members on one club-night connection, each loading a page every 3
  // seconds for a minute, make 1,200 calls.
  it(`lets 60 members behind one address load a page every 3 seconds for a minute (${CURRENT_USER_CALLS_PER_MINUTE} calls)`, async () => {
    const remoteAddress = '203.0.113.60';
    const cookies = await Promise.all(Array.from({ length: 60 }, () => member()));
    const pageLoadsEach = CURRENT_USER_CALLS_PER_MINUTE / cookies.length;
    expect(pageLoadsEach).toBeGreaterThanOrEqual(20);
    for (let load = 0; load < pageLoadsEach; load++) {
      for (const cookie of cookies) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie }, remoteAddress });
        if (res.statusCode !== 200) expect.fail(`page load ${load + 1} answered ${res.statusCode}`);
      }
    }
    // Beyond that, it is a runaway script, not a club night.
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many attempts/);
    // Another address is unaffected.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: '198.51.100.7' });
    expect(elsewhere.statusCode).toBe(401);
  }, 120_000);
});
