import type { FastifyInstance } from 'fastify';
import { runOnOneDatabase } from '../support/test-database';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { checkTable, type Table } from './authorization-checker';
import { AUTHORIZATION_TABLE } from './authorization-table';
import { apiDocument, apiRoutes, type ApiRoute } from './openapi-routes';
import { seedWorld, type World } from './security-fixtures';

// Issue 16 point 3: every route of the API document × {visitor, member, owner, other member,
// admin}, each cell's answer as the reviewed table (authorization-table.ts) says. A route
// without a row fails with a row to paste; a row for a route that is gone fails too. Runs on
// both databases (projects api and api-postgres). docs/decisions/0019-generated-security-tests.md.

const FIXTURE_PREFIX = '/api/test-fixture/';

/** A route registered without its owner check (only in this file's app): the checker must catch it. */
async function unguardedFixtureRoute(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.patch(
    `${FIXTURE_PREFIX}listing-notes/:id`,
    {
      schema: {
        params: z.object({ id: z.string().regex(/^\d{1,10}$/) }),
        response: { 200: z.object({ saved: z.boolean() }) },
      },
    },
    // Forgot memberOnly and the owner check: anyone may change anyone's notes.
    async () => ({ saved: true }),
  );
}

let t: TestApp;
let world: World;
let routes: ApiRoute[];

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    void app.register(unguardedFixtureRoute);
  });
  t.ctx.mailer = { send: async () => {} };
  world = await seedWorld(t);
  routes = apiRoutes(await apiDocument(t.app));
}, 120_000);

afterAll(async () => {
  await drainNotices(t.ctx);
  await t.close();
});

describe.runIf(runOnOneDatabase)('the authorization table', () => {
  it('has a row for every route of the API document, and every cell answers as the table says', async () => {
    const check = await checkTable(
      t,
      world,
      routes.filter((r) => !r.path.startsWith(FIXTURE_PREFIX)),
      AUTHORIZATION_TABLE,
    );
    expect(
      check.missing,
      `Routes without a row in tests/api/authorization-table.ts. Paste these rows there and set each cell to the answer the route should give:\n${check.missing.join('\n')}\n`,
    ).toEqual([]);
    expect(check.stale, 'Rows in tests/api/authorization-table.ts for routes the API no longer has').toEqual([]);
    expect(check.mismatches, 'Cells that answered otherwise than the table says').toEqual([]);
    expect(check.cells).toBe(Object.keys(AUTHORIZATION_TABLE).length * 5);
  }, 600_000);
});

describe('the checker itself', () => {
  const fixtureRoutes = () => routes.filter((r) => r.path.startsWith(FIXTURE_PREFIX));
  const key = `PATCH ${FIXTURE_PREFIX}listing-notes/{id}`;

  it('reports a route registered without an auth check', async () => {
    // What the row of a member's own listing says (like PATCH /api/puzzle-listings/{id}).
    const table: Table = { [key]: { visitor: 401, member: 403, owner: 200, other: 403, admin: 403 } };
    const check = await checkTable(t, world, fixtureRoutes(), table);
    expect(check.mismatches).toEqual([
      `${key} as visitor: expected 401, got 200`,
      `${key} as member: expected 403, got 200`,
      `${key} as other: expected 403, got 200`,
      `${key} as admin: expected 403, got 200`,
    ]);
  });

  it('names a route without a row, with a row to paste, and a row without a route', async () => {
    const check = await checkTable(t, world, fixtureRoutes(), {
      'GET /api/no-longer-here': { visitor: 401, member: 200, owner: 200, other: 200, admin: 200 },
    });
    expect(check.missing).toEqual([
      `  '${key}': { visitor: 200, member: 200, owner: 200, other: 200, admin: 200 /* fresh: … if it changes its row */ },`,
    ]);
    expect(check.stale).toEqual(['GET /api/no-longer-here']);
  });
});
