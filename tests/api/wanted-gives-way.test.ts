import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { savedSearchMatches } from '../../src/server/db/schema';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { callsInFlight, quietMoment } from '../../src/server/http/calls-in-flight';
import { drainNotices } from '../../src/server/notices/notices';
import { signedInMember, useTradeTestApp, type SignedIn } from './trades-fixtures';

// The Wanted matcher gives way to members' calls (docs/decisions/0030-wanted.md, "The matcher
// gives way"): a listing is matched when no call is being answered, or after a second at most;
// a live-update stream is not a call being answered.

const app = useTradeTestApp();
const { api, db } = app;

async function origin(): Promise<string> {
  const server = app.t.app.server;
  if (!server.listening) await app.t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A call the app is still answering: its body is sent in two halves, the second on release. */
async function heldCall(who: SignedIn): Promise<{ release: () => Promise<number> }> {
  const base = await origin();
  const body = JSON.stringify({ query: { q: 'held call' } });
  const request = http.request(`${base}/api/saved-searches`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: base, 'content-type': 'application/json', 'content-length': body.length },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  await expect.poll(() => callsInFlight(app.t.ctx).inFlight).toBe(1);
  return {
    release: () => {
      request.end(body.slice(5));
      return answered;
    },
  };
}

async function matchesOf(searchId: number) {
  return db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, searchId));
}

async function searchAndPublish(title: string) {
  const seeker = await signedInMember(db());
  const saved = await api.post('/api/saved-searches', seeker, { query: { q: title } });
  expect(saved.statusCode, saved.body).toBe(201);
  const owner = await signedInMember(db());
  const published = await api.post('/api/puzzle-listings', owner, {
    title: `${title} 1000`,
    pieces: 1000,
    condition: 'very_good',
    difficulty: 'medium',
    puzzlePoints: 5,
    status: 'active',
  });
  expect(published.statusCode, published.body).toBe(201);
  return { searchId: (saved.json() as { id: number }).id, seeker };
}

it('matches a listing only once the call being answered has ended', async () => {
  const held = await heldCall(await signedInMember(db()));
  const { searchId } = await searchAndPublish('Gives Way Harbour');
  // The matcher is waiting for the quiet moment, and has matched nothing.
  await expect.poll(() => callsInFlight(app.t.ctx).waiting).toBe(1);
  expect(await matchesOf(searchId)).toHaveLength(0);
  const releasedAt = Date.now();
  expect(await held.release()).toBe(201);
  await afterReplyIdle(app.t.ctx);
  await drainNotices(app.t.ctx);
  const [match, ...more] = await matchesOf(searchId);
  expect(more).toHaveLength(0);
  // Matched after the call ended (the match is stamped with the matcher's clock).
  expect(match!.matchedAt.getTime()).toBeGreaterThanOrEqual(releasedAt - 5);
  expect(callsInFlight(app.t.ctx)).toEqual({ inFlight: 0, waiting: 0 });
});

it('matches anyway after a second when calls never stop', async () => {
  const held = await heldCall(await signedInMember(db()));
  const started = Date.now();
  const { searchId } = await searchAndPublish('Gives Way Lighthouse');
  await afterReplyIdle(app.t.ctx);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  expect(await matchesOf(searchId)).toHaveLength(1);
  expect(await held.release()).toBe(201);
  await drainNotices(app.t.ctx);
});

it('does not count an open live-update stream as a call being answered', async () => {
  const member = await signedInMember(db());
  const base = await origin();
  const stream = http.get(`${base}/api/events`, { headers: { cookie: member.cookie, accept: 'text/event-stream' } });
  const opened = new Promise<http.IncomingMessage>((resolve) => stream.on('response', resolve));
  expect((await opened).statusCode).toBe(200);
  expect(callsInFlight(app.t.ctx).inFlight).toBe(0);
  await quietMoment(app.t.ctx, 60_000); // at once: nothing is being answered
  stream.destroy();
});
