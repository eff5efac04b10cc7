import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-app';
import { SUSPEND_ADMIN_MESSAGE, SUSPEND_SELF_MESSAGE, UNTIL_IN_PAST_MESSAGE } from '../../src/domain/admin';
import { apiContract } from '../../src/domain/api-contract';

// Issue 10, point 3: the API is described by an OpenAPI 3 document generated from the same
// Zod schemas that validate and serialize (/api/docs/json), and by a page (/api/docs).
// These tests fail when a route is missing from the document or has no 2xx answer schema.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Operation = {
  tags?: string[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: object }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every route the app really has, from Fastify's own route tree: 'GET /api/puzzle-listings/:id'. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

async function apiDocument(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
}

describe('the API document', () => {
  it('is OpenAPI 3, public, and lists every API route with a 2xx answer schema', async () => {
    const doc = await apiDocument();
    expect(doc.openapi).toMatch(/^3\./);

    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.includes(' /api/') && !r.startsWith('HEAD ') && !r.includes(' /api/docs'),
    );
    // A sanity check on the reading of the route tree: the app has over fifty calls.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContain('GET /api/puzzle-listings/:id');
    expect(routes).toContain('POST /api/trade-requests/:id/confirm-delivery');

    const missing: string[] = [];
    const withoutSuccess: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(route);
        continue;
      }
      const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      const described = successes.some(([, answer]) =>
        Object.values(answer.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0),
      );
      if (!described) withoutSuccess.push(route);
    }
    expect(missing, 'routes missing from /api/docs/json').toEqual([]);
    expect(withoutSuccess, 'routes without a 2xx answer schema').toEqual([]);
  });

  it('describes bodies, parameters, queries, errors and who may call', async () => {
    const doc = await apiDocument();
    const create = doc.paths['/api/puzzle-listings']!.post!;
    const body = create.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['title', 'pieces', 'condition']));
    expect(create.responses['201']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Listing',
    });
    expect(create).toMatchObject({ tags: ['listings'], security: [{ session: [] }] });

    const detail = doc.paths['/api/puzzle-listings/{id}']!.get!;
    expect(detail.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(detail.responses['404']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(detail).not.toHaveProperty('security');

    const browse = doc.paths['/api/puzzle-listings']!.get!;
    expect(browse.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:q', 'query:sort', 'query:page']),
    );
    // The forgiving search's 'Did you mean' word (docs/decisions/0023): optional, a string.
    let page = browse.responses['200']!.content!['application/json']!.schema as {
      $ref?: string;
      properties?: Record<string, { type?: string }>;
      required?: string[];
    };
    if (page.$ref)
      page = (doc as unknown as { components: { schemas: Record<string, typeof page> } }).components.schemas[
        page.$ref.split('/').pop()!
      ]!;
    expect(page.properties!.suggestion).toMatchObject({ type: 'string' });
    expect(page.required).not.toContain('suggestion');

    const resolve = doc.paths['/api/admin/trade-requests/{id}/resolve']!.post!;
    expect(resolve).toMatchObject({ description: 'Administrators only.', tags: ['admin'] });
    expect(Object.keys(resolve.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));

    // A call's own refusals are listed with its 400 (issue 23: the suspend call's were not).
    const suspend = doc.paths['/api/admin/users/{id}/suspend']!.post!;
    for (const refusal of [UNTIL_IN_PAST_MESSAGE, SUSPEND_SELF_MESSAGE, SUSPEND_ADMIN_MESSAGE]) {
      expect(suspend.responses['400']!.description).toContain(refusal);
    }

    const upload = doc.paths['/api/uploads']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/events']!.get!.responses['200']!.content).toHaveProperty('text/event-stream');
  });
});

describe('the route contract (src/domain/api-contract.ts, decision 0029)', () => {
  it('names every JSON call the app has, and only those', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.includes(' /api/') && !r.startsWith('HEAD ') && !r.includes(' /api/docs'),
    );
    // The app will not start with a route that answers otherwise than the contract says
    // (tests/unit/route-contract.test.ts); this finds the routes it does not name at all.
    // Outside it: the event stream (a stream, not a JSON call), and the e-mails' unsubscribe
    // (a page for the e-mail's link and a mail program's form post; the web never calls them).
    expect(routes.filter((route) => !Object.hasOwn(apiContract, route)).sort()).toEqual([
      'GET /api/events',
      'GET /api/unsubscribe',
      'POST /api/unsubscribe',
    ]);
    expect(Object.keys(apiContract).filter((key) => !routes.includes(key))).toEqual([]);
  });
});

describe('the API page', () => {
  it('is a page a person can read: every call, grouped by feature, with its answers', async () => {
    const [page, doc] = await Promise.all([t.app.inject({ method: 'GET', url: '/api/docs' }), apiDocument()]);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('<h1>Jigsaw Club API</h1>');
    expect(html).not.toContain('<script');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        expect(html).toContain(`<span class="method">${method.toUpperCase()}</span> <code>${path}</code>`);
      }
    }
    expect(html).toContain('<h2 id="tag-trades-title">trades</h2>');
    expect(html).toContain('<h3 id="schema-Listing">Listing</h3>');
    expect(html).toContain('Who may call it:</strong> Administrators only');
  });
});
