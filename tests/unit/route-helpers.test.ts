import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_MAX, idParam, notFoundIssue } from '../../src/server/http/route-helpers';

// The one id parameter of every route (issue 10, point 4): a positive integer no larger than
// PostgreSQL's integer, from the path's text; anything else is not found, with the route's words.

const params = z.object({ id: idParam('NOT_FOUND', 'Trade request not found') });

function notFound(raw: string) {
  const result = params.safeParse({ id: raw });
  expect(result.success).toBe(false);
  const issues = result.error!.issues.map((issue) => ({
    message: issue.message,
    params: { params: (issue as { params?: unknown }).params },
  }));
  return notFoundIssue(issues as never);
}

describe('idParam', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    [String(ID_MAX), ID_MAX],
  ])('reads %j as %j', (raw, id) => {
    expect(params.parse({ id: raw })).toEqual({ id });
  });

  it.each(['0', '-1', '1.5', '1e3', ' 1', 'abc', '', String(ID_MAX + 1), '99999999999'])(
    '%j names nothing: 404 with the route’s message',
    (raw) => {
      const error = notFound(raw);
      expect(error?.status).toBe(404);
      expect(error?.toBody()).toEqual({ message: 'Trade request not found', code: 'NOT_FOUND' });
    },
  );

  it('says a listing is not found with the listings code', () => {
    const listing = z.object({ id: idParam('LISTING_NOT_FOUND') }).safeParse({ id: 'x' });
    const issue = listing.error!.issues[0] as { message: string; params?: Record<string, unknown> };
    expect(notFoundIssue([{ message: issue.message, params: { params: issue.params } }])?.toBody()).toEqual({
      message: 'Puzzle not found',
      code: 'LISTING_NOT_FOUND',
    });
  });
});
