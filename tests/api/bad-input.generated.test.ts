import type { FastifyInstance } from 'fastify';
import { runOnOneDatabase } from '../support/test-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { probe, variantsFor, type Caller, type Finding, type RealIds } from './bad-input-generator';
import { apiDocument, apiRoutes, type ApiRoute } from './openapi-routes';
import { freshCookie, seedWorld, type World } from './security-fixtures';
import { signedInMember, type SignedIn } from './trades-fixtures';

// Issue 16 point 2: every route of the API document, sent at least 50 kinds of bad input as
// a signed-in member (and as an administrator where the route needs one), answers no 5xx,
// and every error it gives is JSON with a string message. Routes come from the document, so
// a new route is probed without being listed here. Runs on both databases (projects api and
// api-postgres). docs/decisions/0019-generated-security-tests.md.

/** The fixture's deliberately broken routes (below): probed on their own, not in the sweep. */
const FIXTURE_PREFIX = '/api/test-fixture/';

/**
 * Two routes that break the contract on purpose, registered only in this file's app: one
 * lets a NUL through to code that fails on it (a 500), one answers an error as plain text.
 * The generator must report both.
 */
async function brokenFixtureRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${FIXTURE_PREFIX}notes/:id`,
    {
      schema: {
        params: z.object({ id: z.string().regex(/^\d{1,10}$/) }),
        body: z.object({ note: z.string().max(100) }),
        response: { 200: z.object({ saved: z.boolean() }) },
      },
    },
    async (request) => {
      if (request.body.note.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      return { saved: true };
    },
  );
  app.get(
    `${FIXTURE_PREFIX}search`,
    {
      schema: {
        querystring: z.object({ q: z.string().optional() }),
      },
    },
    async (request, reply) => {
      if ((request.query.q ?? '').length > 1000) return reply.status(400).type('text/plain').send('too long');
      return { hits: 0 };
    },
  );
}

let t: TestApp;
let world: World;
let routes: ApiRoute[];
/** Members the member-side requests rotate among, so per-member limits (listings, messages) rarely answer 429. */
let pool: SignedIn[];
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    void app.register(brokenFixtureRoutes);
  });
  t.ctx.mailer = { send: async () => {} };
  world = await seedWorld(t);
  const extra = await Promise.all(Array.from({ length: 5 }, () => signedInMember(t.database.db)));
  pool = [world.owner, world.requester, world.stranger, ...extra];
  await refreshSessions();
  routes = apiRoutes(await apiDocument(t.app));
}, 120_000);

afterAll(async () => {
  await drainNotices(t.ctx);
  await t.close();
});

async function refreshSessions() {
  for (const member of [...pool, world.admin]) cookies.set(member.id, await freshCookie(t, member));
}

/** The real row each route's ids name; ids of kinds this table does not know fall back to 1. */
const realIds: RealIds = (route, name) => {
  const p = route.path;
  if (name === 'puzzleListingId' || p.startsWith('/api/favorites/') || p.startsWith('/api/puzzle-listings/'))
    return world.listingId;
  if (name === 'recipientId') return world.owner.id;
  if (name === 'manufacturerId' || p.startsWith('/api/admin/manufacturers/')) return world.manufacturerId;
  if (p.includes('/feedback') && p.startsWith('/api/trade-requests/')) return world.ratedTradeId;
  if (p.includes('trade-requests/')) return world.tradeId;
  if (p.startsWith('/api/message-threads/')) return world.threadId;
  if (p.startsWith('/api/feedback/')) return world.feedbackId;
  if (p.startsWith('/api/notifications/')) return world.notificationId;
  if (p.startsWith('/api/admin/settings/')) return world.settingId;
  if (p.startsWith('/api/admin/reports/')) return world.reportId;
  // Administrators act on a member of their own: never the pool, whose sessions the sweep uses.
  if (p.startsWith('/api/admin/users/')) return world.stranger.id;
  if (p.startsWith('/api/members/')) return world.owner.id;
  return /id$/i.test(name) ? 1 : undefined;
};

function callersFor(route: ApiRoute): Caller[] {
  let turn = 0;
  const member: Caller = { role: 'member', cookie: () => cookies.get(pool[turn++ % pool.length]!.id)! };
  if (!route.adminOnly) return [member];
  return [{ role: 'admin', cookie: () => cookies.get(world.admin.id)! }];
}

const takesInput = (route: ApiRoute) =>
  Boolean(route.body || route.pathParams.length || route.queryParams.length || route.bodyTypes.length);

describe.runIf(runOnOneDatabase)('generated bad input (every route of the API document)', () => {
  it('gives every route that reads input at least 50 variants', () => {
    const swept = routes.filter((r) => !r.path.startsWith(FIXTURE_PREFIX) && takesInput(r));
    // A sanity check on reading the document: the club has dozens of such routes.
    expect(swept.length).toBeGreaterThan(40);
    const few = swept
      .map((r) => `${r.key}: ${variantsFor(r, realIds).length}`)
      .filter((line) => Number(line.split(': ').pop()) < 50);
    expect(few, 'routes with fewer than 50 variants').toEqual([]);
  });

  it('answers no 5xx, and every error is JSON with a message', async () => {
    const findings: Finding[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    // Routes without input (POST /api/auth/logout, read-all…) still get the whole-body and header variants.
    for (const route of routes.filter(
      (r) => !r.path.startsWith(FIXTURE_PREFIX) && (takesInput(r) || r.method !== 'GET'),
    )) {
      const result = await probe(t.app, route, variantsFor(route, realIds), callersFor(route));
      findings.push(...result.findings);
      sent += result.sent;
      for (const [status, count] of Object.entries(result.statuses))
        statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
      // Signing out, or a new password, ends sessions: the next route starts with fresh ones.
      if (route.path.startsWith('/api/auth/')) await refreshSessions();
    }
    expect(findings, `${findings.length} broken answers of ${sent}`).toEqual([]);
    // Validation, not the door, answered most of them: 400 (and 404 for path ids) dominate.
    expect(sent).toBeGreaterThan(3000);
    expect((statuses[400] ?? 0) + (statuses[404] ?? 0)).toBeGreaterThan(sent / 2);
    // Rotating members and addresses keeps the rate limits from hiding the rest.
    expect(statuses[429] ?? 0).toBeLessThan(sent / 20);
  }, 300_000);
});

describe('the checker itself', () => {
  it('reports a route that answers 500 on a NUL and one whose error is not JSON', async () => {
    const fixtures = routes.filter((r) => r.path.startsWith(FIXTURE_PREFIX));
    expect(fixtures.map((r) => r.key).sort()).toEqual([
      `GET ${FIXTURE_PREFIX}search`,
      `POST ${FIXTURE_PREFIX}notes/{id}`,
    ]);
    const findings: Finding[] = [];
    for (const route of fixtures) {
      findings.push(...(await probe(t.app, route, variantsFor(route, realIds), callersFor(route))).findings);
    }
    const summary = findings.map((f) => `${f.route} ${f.variant}: ${f.problem}`).sort();
    expect(summary).toEqual([
      `GET ${FIXTURE_PREFIX}search query.q: long: error answer is text/plain, not JSON`,
      `GET ${FIXTURE_PREFIX}search query: very long query: error answer is text/plain, not JSON`,
      `POST ${FIXTURE_PREFIX}notes/{id} body.note: NUL alone: answered 500`,
      `POST ${FIXTURE_PREFIX}notes/{id} body.note: NUL inside: answered 500`,
    ]);
  });
});
