// Every call to our API goes through here, so the rules of docs/product/screens.md#how-the-client-calls hold everywhere:
// cookies are sent, JSON bodies carry a JSON content type, and a non-success answer becomes
// an ApiError whose message is `${status}: ${bodyText || statusText}`. A call is named by its
// key in the route contract, so what it sends and answers is typed from the server's schemas.

import type { z } from 'zod';
import type { ApiContract, ApiRoute } from '../../domain/api-contract';
import type { FieldError } from '../../domain/errors';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The raw response body, as text. */
  readonly bodyText: string;
  /** The server's `message` field, when the body was JSON: the text to show in a toast. */
  readonly serverMessage: string | undefined;
  /** The server's `errors` list, when it sent one (validation failures). */
  readonly errors: FieldError[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
    const body = parseJson(bodyText);
    this.serverMessage = typeof body?.message === 'string' ? body.message : undefined;
    this.errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [];
  }
}

/**
 * The text to show a member for a failed call: the server's own message when it sent one,
 * otherwise the page's fallback for that call (for example 'Failed to update profile').
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** Options every call takes. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** The listing pages send no credentials (docs/product/screens.md#how-the-client-calls); everything else does. */
  credentials?: RequestCredentials;
}

// ---------------------------------------------------------------------------------------
// Calls by their contract (src/domain/api-contract.ts, docs/decisions/0029): the key names
// the method and path, and the types of the path's parameters, the query, the body and the
// answer all come from the schemas the server uses. Only types are imported: no schema is
// shipped to the browser.

type Entry<K extends ApiRoute> = ApiContract[K];

/** The parameter names of a path template: 'GET /api/members/:id/feedback' gives 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query value as the page has it; the query string carries its text, and leaves out empty ones. */
type QueryValue = string | number | boolean | null | undefined;

type ParamsInput<K extends ApiRoute> = [ParamNames<K>] extends [never]
  ? unknown
  : { params: Record<ParamNames<K>, string | number> };
/** The query's names are the schema's; their values are text on the way. */
type QueryInput<K extends ApiRoute> =
  Entry<K> extends { query: infer Q extends z.ZodType }
    ? { query?: { [N in keyof z.input<Q>]?: QueryValue } }
    : unknown;
type BodyInput<K extends ApiRoute> =
  Entry<K> extends { body: infer B extends z.ZodType }
    ? undefined extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : unknown;

/**
 * What a call takes: `params` when its path has any, `query` and `body` when its contract has
 * them. For a choice of calls (a key built from a template, as the trade steps' is) it is the
 * choice of their inputs.
 */
export type CallInput<K extends ApiRoute> = K extends ApiRoute
  ? ParamsInput<K> & QueryInput<K> & BodyInput<K> & RequestOptions
  : never;
/** The input is optional when nothing in it is required. */
type CallArgs<K extends ApiRoute> = object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/** What a call answers on success: its contract's answer schema's type (null for a 204). */
export type ApiAnswer<K extends ApiRoute> = z.output<Entry<K>['response'][keyof Entry<K>['response']]>;

/** The calls that answer a list (the ones `api.page` reads the total of), and the list's item. */
type ListRoute = { [K in ApiRoute]: ApiAnswer<K> extends readonly unknown[] ? K : never }[ApiRoute];
type ListItem<K extends ApiRoute> = ApiAnswer<K> extends readonly (infer T)[] ? T : never;

type AnyInput = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
} & RequestOptions;

/** The address of a call: its path with the parameters filled in, and its query. */
function urlOf(route: ApiRoute, input: AnyInput): string {
  const template = route.slice(route.indexOf(' ') + 1);
  const path = template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return withQuery(path, input.query);
}

/** Sends one call; a non-success answer throws ApiError. Answers the response and its text. */
async function send(route: ApiRoute, input: AnyInput = {}): Promise<{ response: Response; text: string }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: string | undefined;
  if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const response = await fetch(urlOf(route, input), {
    method: route.slice(0, route.indexOf(' ')),
    headers,
    body: payload,
    credentials: input.credentials ?? 'include',
    signal: input.signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return { response, text };
}

/** One page of a list the server pages: the array it answered, and the total its X-Total-Count header gives. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const api = {
  /** `api.call('GET /api/members/:id', { params: { id } })`: the answer, typed from the contract. */
  async call<K extends ApiRoute>(route: K, ...[input]: CallArgs<K>): Promise<ApiAnswer<K>> {
    const { text } = await send(route, input as AnyInput);
    return (text ? JSON.parse(text) : null) as ApiAnswer<K>;
  },

  /** A paged list's call: its items and the total the server counted. */
  async page<K extends ListRoute>(route: K, ...[input]: CallArgs<K>): Promise<ListPage<ListItem<K>>> {
    const { response, text } = await send(route, input as AnyInput);
    const items = JSON.parse(text) as ListItem<K>[];
    const total = Number(response.headers.get('X-Total-Count'));
    return { items, total: Number.isFinite(total) ? total : items.length };
  },

  /** The address alone, for a call not sent with fetch (the upload: only XMLHttpRequest reports its progress). */
  url<K extends ApiRoute>(route: K, ...[input]: CallArgs<K>): string {
    return urlOf(route, (input ?? {}) as AnyInput);
  },
};

function withQuery(path: string, query: AnyInput['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}?${search}`;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
