import { describe, expect, it } from 'vitest';
import { browseQuerySchema } from '../../src/domain/browse';
import { NO_FILTERS, parseFilters } from '../../src/web/features/listings/components/use-browse-filters';

// Unfiltered browse draws without the server's schema (it arrives after the first draw:
// docs/performance.md, 'Lighthouse 95'), so the filters it assumes must be what the schema
// reads from a URL without any.
describe('browse without filters in its URL', () => {
  it('has exactly the filters the schema reads from an empty query', () => {
    expect(parseFilters(new URLSearchParams(), browseQuerySchema)).toStrictEqual(NO_FILTERS);
  });
  it('still reads a filtered URL with the schema', () => {
    expect(
      parseFilters(new URLSearchParams('q=lighthouse&difficulty=hard&sort=pieces-asc'), browseQuerySchema),
    ).toMatchObject({
      q: 'lighthouse',
      difficulty: 'hard',
      sort: 'pieces-asc',
    });
  });
});
