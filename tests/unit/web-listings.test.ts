import { afterEach, describe, expect, it } from 'vitest';
import { appLink, appUrl } from '../../src/web/lib/app-url';
import type { Listing } from '../../src/domain/listings';
import {
  BROWSE_CARDS_DRAWN_FIRST,
  BROWSE_CARDS_DRAWN_LAST,
  browseItems,
  drawnWhenNear,
  isReserved,
} from '../../src/web/features/listings/listing-display';

const card = (id: number, title = `Puzzle ${id}`) => ({ id, title }) as Listing;

describe("browse's 'Load more' (browseItems)", () => {
  it('shows a listing once when it comes again on the next page, in its first place', () => {
    // Page 1 was read; then a listing was published, pushing card 3 on to page 2.
    const pages = [{ items: [card(9), card(8), card(3)] }, { items: [card(3), card(2), card(1)] }];
    expect(browseItems(pages).map((l) => l.id)).toEqual([9, 8, 3, 2, 1]);
  });

  it('keeps the first copy of a card and every other card in order', () => {
    const pages = [{ items: [card(5, 'first')] }, { items: [card(4), card(5, 'second')] }, { items: [] }];
    expect(browseItems(pages)).toEqual([card(5, 'first'), card(4)]);
    expect(browseItems([])).toEqual([]);
  });
});

describe('a listing held by a trade (isReserved)', () => {
  it('is a live listing that is not available; sold, drafts and free listings are not', () => {
    expect(isReserved({ status: 'active', isAvailable: false })).toBe(true);
    expect(isReserved({ status: 'active', isAvailable: true })).toBe(false);
    expect(isReserved({ status: 'sold', isAvailable: false })).toBe(false);
    expect(isReserved({ status: 'draft', isAvailable: true })).toBe(false);
  });
});

describe('the club address for share links (appUrl)', () => {
  const g = globalThis as Record<string, unknown>;
  function page(meta: string | null, origin = 'http://10.0.0.5:3000') {
    g.window = { location: { origin } };
    g.document = {
      querySelector: (selector: string) =>
        selector === 'meta[name="app-url"]' && meta !== null ? { content: meta } : null,
    };
  }
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  it("reads APP_URL from the page's meta element, without a trailing slash", () => {
    page('https://club.example.org/');
    expect(appUrl()).toBe('https://club.example.org');
    expect(appLink('/puzzle/12')).toBe('https://club.example.org/puzzle/12');
    page('https://example.org/jigsaw');
    expect(appLink('/browse-puzzles?q=castle')).toBe('https://example.org/jigsaw/browse-puzzles?q=castle');
  });

  it("falls back to the page's origin without a usable meta element", () => {
    for (const meta of [null, '', 'not a url', 'javascript:alert(1)']) {
      page(meta);
      expect(appLink('/puzzle/3'), String(meta)).toBe('http://10.0.0.5:3000/puzzle/3');
    }
  });
});

describe('browse cards drawn as they near the screen (drawnWhenNear)', () => {
  it('draws the first row and the last cards with the page, the ones between as they come into view', () => {
    const drawnLater = (count: number) =>
      Array.from({ length: count }, (_, index) => index).filter((index) => drawnWhenNear(index, count));
    expect(BROWSE_CARDS_DRAWN_FIRST).toBe(3);
    expect(BROWSE_CARDS_DRAWN_LAST).toBe(6);
    expect(drawnLater(24)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(drawnLater(48)).toHaveLength(39);
    // A short list is drawn whole.
    expect(drawnLater(9)).toEqual([]);
    expect(drawnLater(2)).toEqual([]);
  });
});
