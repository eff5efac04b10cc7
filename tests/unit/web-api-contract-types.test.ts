import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { listingDetailSchema } from '../../src/domain/listings';
import type { memberCardSchema } from '../../src/domain/members';
import { api, type ApiAnswer } from '../../src/web/lib/api-client';

// Issue 24, decision 0029: the web's calls are typed from the route contract, the schemas the
// server answers with, so a caller that reads what its answer does not have fails the type
// check. `npm run typecheck` (tsc) covers tests/: each `@ts-expect-error` below must meet an
// error, or tsc fails on the unused directive. The runs show what the call does all the same.

function stubFetch(body: unknown) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the route contract types the web calls', () => {
  it("types each answer as its contract's schema", () => {
    expectTypeOf<ApiAnswer<'GET /api/puzzle-listings/:id'>>().toEqualTypeOf<z.output<typeof listingDetailSchema>>();
    expectTypeOf<ApiAnswer<'GET /api/members'>>().toEqualTypeOf<z.output<typeof memberCardSchema>[]>();
    expectTypeOf<ApiAnswer<'DELETE /api/favorites/:listingId'>>().toEqualTypeOf<null>();
  });

  it('fails the typecheck where a caller reads a field the answer schema does not have', async () => {
    stubFetch({ id: 1, title: 'Lighthouse', puzzlePoints: 5 });
    const listing = await api.call('GET /api/puzzle-listings/:id', { params: { id: 1 } });
    expect(listing.title).toBe('Lighthouse');
    expect(listing.puzzlePoints).toBe(5);
    // @ts-expect-error -- a listing has no `price`: its points are `puzzlePoints`
    expect(listing.price).toBeUndefined();
  });

  it('fails the typecheck for a missing path parameter, an unknown query name and a wrong body', async () => {
    const fetchMock = stubFetch([]);
    // @ts-expect-error -- the path has :id, so the call needs params
    await expect(api.call('GET /api/members/:id')).rejects.toThrow('GET /api/members/:id: no value for :id');

    // @ts-expect-error -- the posts' query has category, q and page; not `catgory`
    await api.call('GET /api/community/posts', { query: { catgory: 'tips' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/community/posts?catgory=tips');

    // @ts-expect-error -- a reply's body is {content, parentReplyId?}: `text` is not in it
    await api.call('POST /api/community/posts/:postId/replies', { params: { postId: 1 }, body: { text: 'Hi' } });

    // @ts-expect-error -- logging out takes no body
    await api.call('POST /api/auth/logout', { body: {} });

    // @ts-expect-error -- only a list's call has pages: a listing is one thing
    await api.page('GET /api/puzzle-listings/:id', { params: { id: 1 } });
  });
});
