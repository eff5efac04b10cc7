import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { apiContract, type ApiContract, type ApiRoute, type RouteContract } from '../../domain/api-contract';

// The server's half of the route contract (src/domain/api-contract.ts, docs/decisions/0029):
// a route takes its query, body and success answers from its entry there, and the app will
// not start if a route the contract names answers with anything else, so what the web is
// typed against is what the server does.

/** What a route adds to its contract: its path parameters, its own refusals, words for the document. */
type RouteOwn = {
  params?: z.ZodType;
  response?: Partial<Record<number, unknown>>;
  consumes?: string[];
  security?: Array<Record<string, string[]>>;
  description?: string;
};

type Entry<K extends ApiRoute> = ApiContract[K];

/** The route's whole schema, typed so Fastify's zod type provider reads the handler's request and reply from it. */
export type ContractSchema<K extends ApiRoute, Own extends RouteOwn> = Omit<Own, 'response'> &
  (Entry<K> extends { query: infer Q } ? { querystring: Q } : unknown) &
  (Entry<K> extends { body: infer B } ? { body: B } : unknown) & {
    response: Entry<K>['response'] & (Own extends { response: infer R } ? R : unknown);
  };

/**
 * A route's `schema`, from its contract entry and what the route adds:
 * `schema: contractSchema('GET /api/members/:id', { params: memberParams, response: errorAnswers(404) })`.
 */
export function contractSchema<K extends ApiRoute, Own extends RouteOwn = Record<never, never>>(
  route: K,
  own?: Own,
): ContractSchema<K, Own> {
  const entry: RouteContract = apiContract[route];
  return {
    ...own,
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    // A new object each time: the shared-contract hook adds each route's error answers to it.
    response: { ...entry.response, ...own?.response },
  } as ContractSchema<K, Own>;
}

const SUCCESS = ['200', '201', '204'] as const;

/**
 * onRoute hook for the API: a route the contract names must validate and answer with exactly
 * the contract's schemas (the same objects). Throws at start-up otherwise, naming the route.
 * Routes the contract does not name are left alone here; tests/api/api-contract.test.ts lists them.
 */
export function checkRouteAgainstContract(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    const key = `${method} ${route.url}`;
    if (!Object.hasOwn(apiContract, key)) continue;
    const entry: RouteContract = apiContract[key as ApiRoute];
    const schema = (route.schema ?? {}) as {
      querystring?: unknown;
      body?: unknown;
      response?: Record<string, unknown>;
    };
    const differences = [
      schema.querystring !== entry.query && 'query',
      schema.body !== entry.body && 'body',
      ...SUCCESS.filter((status) => schema.response?.[status] !== entry.response[status]).map((s) => `${s} answer`),
    ].filter(Boolean);
    if (differences.length > 0) {
      throw new Error(
        `${key} is registered with another ${differences.join(', ')} than src/domain/api-contract.ts gives it: ` +
          `take its schemas from there with schema: contractSchema('${key}', …).`,
      );
    }
  }
}
