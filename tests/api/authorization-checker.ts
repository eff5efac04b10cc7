import type { TestApp } from '../support/build-app';
import { fillPath, sampleOf, type ApiRoute } from './openapi-routes';
import { freshCookie, idForRoute, worldIds, type RowIds, type World } from './security-fixtures';
import type { SignedIn } from './trades-fixtures';

// Runs the authorization table (authorization-table.ts) against the app: every route of the
// API document × every caller, each cell's answer compared with the table's. Also says which
// routes have no row (with a row to paste) and which rows name no route.

export const ROLES = ['visitor', 'member', 'owner', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** One status, or the statuses any of which is right ([200, 201] for a success that may create). */
export type Expected = number | readonly number[];

export type Row = Record<Role, Expected> & {
  /**
   * Makes the rows this route changes, again for every cell (a decline, a delete, a
   * suspension). `caller` is the cell's member (null for the visitor).
   */
  fresh?: (t: TestApp, world: World, caller: SignedIn | null) => Promise<Partial<RowIds>>;
  /** The body, when the document's sample is not one the route takes. */
  body?: (ids: RowIds) => unknown;
  /** Path parameters that are not row ids (a postcode). */
  params?: Record<string, string>;
  /** The query string, when the document's sample is not one the route takes (a piece count). */
  query?: string;
  /** A body that is not JSON (an upload's form). */
  raw?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** An event stream: only the status is read, then the stream is closed. */
  stream?: true;
};

export type Table = Record<string, Row>;

/** Who each role is in the world. */
function callerOf(world: World, role: Role) {
  return { visitor: null, member: world.stranger, owner: world.owner, other: world.requester, admin: world.admin }[
    role
  ];
}

const matches = (expected: Expected, status: number) =>
  typeof expected === 'number' ? expected === status : expected.includes(status);

let address = 0;

/** One cell's answer: the route called as the role, on the world's rows or the row's fresh ones. */
export async function runCell(t: TestApp, world: World, route: ApiRoute, row: Row, role: Role): Promise<number> {
  const caller = callerOf(world, role);
  const ids: RowIds = { ...worldIds(world), ...(row.fresh ? await row.fresh(t, world, caller) : {}) };
  const idFor = (name: string) => idForRoute(ids, route.path, name);
  const values = Object.fromEntries(route.pathParams.map((p) => [p.name, row.params?.[p.name] ?? idFor(p.name)]));
  const query =
    row.query ??
    route.queryParams
      .filter((p) => p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema, p.name)))}`)
      .join('&');
  // A fresh session per cell: a sign-out in one cell does not sign the next one out.
  const cookie = caller ? await freshCookie(t, caller) : undefined;
  const body = row.body ? row.body(ids) : route.body ? sampleOf(route.body, '', idFor) : undefined;
  const raw = await row.raw?.();
  address += 1;
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: fillPath(route.path, values) + (query ? `?${query}` : ''),
    ...(raw ? { payload: raw.payload } : body !== undefined ? { payload: body as object } : {}),
    headers: { ...raw?.headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.200.${(address >> 8) & 255}.${address & 255}`,
    ...(row.stream ? { payloadAsStream: true } : {}),
  });
  if (row.stream) res.stream().destroy();
  return res.statusCode;
}

/** A row to paste for a route the table lacks: the answers the document suggests, to be checked. */
export function rowSkeleton(route: ApiRoute): string {
  const signedIn = route.signedIn ? '/* member? */ 200' : '200';
  const cells = route.adminOnly
    ? 'visitor: 401, member: 403, owner: 403, other: 403, admin: 200'
    : route.signedIn
      ? `visitor: 401, member: ${signedIn}, owner: ${signedIn}, other: ${signedIn}, admin: ${signedIn}`
      : 'visitor: 200, member: 200, owner: 200, other: 200, admin: 200';
  const fresh = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method)
    ? ' /* fresh: … if it changes its row */'
    : '';
  return `  '${route.key}': { ${cells}${fresh} },`;
}

export type TableCheck = {
  /** Routes of the document without a row, each with a row skeleton to paste. */
  missing: string[];
  /** Rows whose route is no longer in the document. */
  stale: string[];
  /** 'POST /api/x as member: expected 403, got 200'. */
  mismatches: string[];
  cells: number;
};

export async function checkTable(t: TestApp, world: World, routes: ApiRoute[], table: Table): Promise<TableCheck> {
  const keys = new Set(routes.map((r) => r.key));
  const check: TableCheck = {
    missing: routes.filter((r) => !table[r.key]).map(rowSkeleton),
    stale: Object.keys(table).filter((key) => !keys.has(key)),
    mismatches: [],
    cells: 0,
  };
  for (const route of routes) {
    const row = table[route.key];
    if (!row) continue;
    for (const role of ROLES) {
      const status = await runCell(t, world, route, row, role);
      check.cells += 1;
      if (!matches(row[role], status)) {
        check.mismatches.push(`${route.key} as ${role}: expected ${JSON.stringify(row[role])}, got ${status}`);
      }
    }
  }
  return check;
}
