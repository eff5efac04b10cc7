import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from '../../src/web/lib/api-client';

// docs/product/screens.md#how-the-client-calls: cookies are sent, JSON bodies carry a JSON content type, and a failed call
// becomes an error reading `${status}: ${body text or status text}`.

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends cookies and a JSON content type with a JSON body', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    await expect(api.post('/api/things', { name: 'Lighthouse' })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"name":"Lighthouse"}');
  });

  it('sends no content type without a body, and reads an empty answer as undefined', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('turns a failed call into an error reading status and body text, keeping the server message', async () => {
    const body = JSON.stringify({ message: 'Insufficient puzzle points', errors: [{ path: 'points', message: 'x' }] });
    stubFetch(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Insufficient puzzle points');
    expect((error as ApiError).errors).toEqual([{ path: 'points', message: 'x' }]);
    expect(errorMessage(error, 'Failed to create trade request')).toBe('Insufficient puzzle points');
  });

  it('uses the status text when the failed answer has no body, and the fallback for toasts', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'Please try again later.')).toBe('Please try again later.');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await api.get('/api/community/posts', { query: { category: 'tips', page: 2, q: '', artist: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/community/posts?category=tips&page=2');
  });
});
