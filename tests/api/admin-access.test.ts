import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnOneDatabase } from '../support/test-database';
import { stopTradeTestApp, signedInMember, type SignedIn } from './trades-fixtures';
import { startAdminTestApp, type AdminTestEnv } from './admin-fixtures';

// docs/product/administration.md#admin-calls: every admin call needs an administrator. A visitor gets 401 and a
// member 403, before the call looks at anything (so a member learns nothing from a 400 or a
// 404 either). The list of calls is read from the API document, so a new admin route is
// checked without anyone remembering to add it here.

let env: AdminTestEnv;
let member: SignedIn;
beforeAll(async () => {
  env = await startAdminTestApp();
  member = await signedInMember(env.t.database.db, { firstName: 'Margaret', lastName: 'Hughes' });
});
afterAll(() => stopTradeTestApp(env));

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; description?: string; security?: unknown };
type Operation = { description?: string; security?: unknown };

async function adminCalls(): Promise<Call[]> {
  const doc = (await env.api.get('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Call['method'],
        // A real member id, so that the answer could only be the refusal.
        url: path.replace('{id}', String(member.id)),
        description: operation.description,
        security: operation.security,
      })),
    );
}

function call(c: Call, who?: { cookie: string }) {
  return env.t.app.inject({
    method: c.method,
    url: c.url,
    headers: who ? { cookie: who.cookie } : {},
    ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe.runIf(runOnOneDatabase)('every admin call', () => {
  it('is in the API document, marked for administrators only', async () => {
    const calls = await adminCalls();
    // Every kind of admin call (docs/api/admin.md), each at least once.
    const listed = calls.map((c) => `${c.method} ${c.url.replace(String(member.id), '{id}')}`);
    for (const expected of [
      'GET /api/admin/overview',
      'GET /api/admin/users',
      'GET /api/admin/users/{id}',
      'PATCH /api/admin/users/{id}/admin',
      'POST /api/admin/users/{id}/points',
      'POST /api/admin/users/{id}/suspend',
      'POST /api/admin/users/{id}/unsuspend',
      'GET /api/admin/points',
      'GET /api/admin/settings',
      'POST /api/admin/settings',
      'PATCH /api/admin/settings/{id}',
      'DELETE /api/admin/settings/{id}',
      'GET /api/admin/actions',
      'GET /api/admin/actions/admins',
      'GET /api/admin/manufacturers',
      'POST /api/admin/manufacturers',
      'PATCH /api/admin/manufacturers/{id}',
      'DELETE /api/admin/manufacturers/{id}',
      'GET /api/admin/reports',
      'POST /api/admin/reports/{id}/resolve',
      'GET /api/admin/trade-requests',
      'POST /api/admin/trade-requests/{id}/resolve',
    ]) {
      expect(listed).toContain(expected);
    }
    for (const c of calls) {
      expect(c.description, `${c.method} ${c.url}`).toBe('Administrators only.');
      expect(c.security, `${c.method} ${c.url}`).toEqual([{ session: [] }]);
    }
  });

  it('answers a visitor 401 and a member 403, and changes nothing', async () => {
    const calls = await adminCalls();
    expect(calls.length).toBeGreaterThanOrEqual(20);
    const before = (await env.api.get('/api/admin/actions', env.admin)).json().length as number;
    for (const c of calls) {
      const visitor = await call(c);
      expect(visitor.statusCode, `${c.method} ${c.url} as a visitor`).toBe(401);
      const asMember = await call(c, member);
      expect(asMember.statusCode, `${c.method} ${c.url} as a member`).toBe(403);
      expect(asMember.json().message).toBe('Only administrators can do this.');
    }
    expect((await env.api.get('/api/admin/actions', env.admin)).json()).toHaveLength(before);
  });

  it('lets an administrator in', async () => {
    for (const url of ['/api/admin/overview', '/api/admin/users', '/api/admin/settings', '/api/admin/actions']) {
      expect((await env.api.get(url, env.admin)).statusCode, url).toBe(200);
    }
  });
});
