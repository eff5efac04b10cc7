// Every call to our API goes through here, so the rules of docs/product/screens.md#how-the-client-calls hold everywhere:
// cookies are sent, JSON bodies carry a JSON content type, and a non-success answer becomes
// an ApiError whose message is `${status}: ${bodyText || statusText}`.

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

type Body = unknown;

export interface RequestOptions {
  /** Extra query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** The listing pages send no credentials (docs/product/screens.md#how-the-client-calls); everything else does. */
  credentials?: RequestCredentials;
}

/** Sends one call; a non-success answer throws ApiError. Answers the response and its text. */
async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: Body,
  options: RequestOptions,
): Promise<{ response: Response; text: string }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    body: payload,
    credentials: options.credentials ?? 'include',
    signal: options.signal,
  });

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return { response, text };
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: Body,
  options: RequestOptions = {},
): Promise<T> {
  const { text } = await send(method, path, body, options);
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

/** One page of a list the server pages: the array it answered, and the total its X-Total-Count header gives. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function getPage<T>(path: string, options: RequestOptions = {}): Promise<ListPage<T>> {
  const { response, text } = await send('GET', path, undefined, options);
  const items = JSON.parse(text) as T[];
  const total = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: Body, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
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
