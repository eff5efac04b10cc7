import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from '../../src/web/lib/api-client';

// docs/product/screens.md#how-the-client-calls: cookies are sent, JSON bodies carry a JSON content type, and a failed call
// becomes an error reading `${status}: ${body text or status text}`. Calls are named by their
// route contract key (src/domain/api-contract.ts); web-api-contract-types.test.ts has the types.

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it("sends the key's method to its path, with cookies and a JSON body", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ threadId: 7 }), { status: 201 }));
    await expect(
      api.call('POST /api/contact/club-team', { body: { subject: 'Lighthouse', message: 'Hello' } }),
    ).resolves.toEqual({ threadId: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact/club-team');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"subject":"Lighthouse","message":"Hello"}');
  });

  it("fills the path's parameters in, each encoded", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await api.call('GET /api/postcode-lookup/:postcode', { params: { postcode: 'SW1A 1AA' } });
    await api.call('POST /api/community/posts/:postId/pin', { params: { postId: 12 }, body: { isPinned: true } });
    expect(fetchMock.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ['GET', '/api/postcode-lookup/SW1A%201AA'],
      ['POST', '/api/community/posts/12/pin'],
    ]);
  });

  it('sends no content type without a body, and reads an empty answer as null', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(api.call('DELETE /api/favorites/:listingId', { params: { listingId: 3 } })).resolves.toBeNull();
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('turns a failed call into an error reading status and body text, keeping the server message', async () => {
    const body = JSON.stringify({ message: 'Insufficient puzzle points', errors: [{ path: 'points', message: 'x' }] });
    stubFetch(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = await api.call('GET /api/stats').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Insufficient puzzle points');
    expect((error as ApiError).errors).toEqual([{ path: 'points', message: 'x' }]);
    expect(errorMessage(error, 'Failed to create trade request')).toBe('Insufficient puzzle points');
  });

  it('uses the status text when the failed answer has no body, and the fallback for toasts', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.call('GET /api/stats').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'Please try again later.')).toBe('Please try again later.');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await api.call('GET /api/community/posts', { query: { category: 'tips', page: 2, q: '' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/community/posts?category=tips&page=2');
  });

  it("reads a paged list's total from its header", async () => {
    stubFetch(new Response('[{"id":1}]', { status: 200, headers: { 'X-Total-Count': '41' } }));
    await expect(api.page('GET /api/members', { query: { page: 2 } })).resolves.toEqual({
      items: [{ id: 1 }],
      total: 41,
    });
  });

  it('builds the address alone for what is not fetched as JSON', () => {
    expect(api.url('POST /api/uploads', { query: { shape: 'square' } })).toBe('/api/uploads?shape=square');
    expect(api.url('POST /api/uploads')).toBe('/api/uploads');
  });
});
