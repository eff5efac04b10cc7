import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_PICTURE_SIZES } from '../../src/domain/listing-picture';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';
import { tempDir } from '../support/test-database';
import { FAKE_INDEX_HTML } from '../support/fake-client';

// The page for /puzzle/{id} names the listing's main picture in a <link rel="preload"> (issue
// 14: the puzzle page's LCP was found only by its script): an active listing's picture only,
// escaped, with the same srcset as the page's <img>, and the page's caching unchanged
// (docs/decisions/0017-delivery.md). A tiny fake build: no real build runs.

const PAGE = FAKE_INDEX_HTML;

let t: TestApp;
let stored: number;
let external: number;
let hostile: number;
let draft: number;
let noPicture: number;
beforeAll(async () => {
  const clientDir = tempDir('client');
  fs.writeFileSync(path.join(clientDir, 'index.html'), PAGE);
  t = await buildTestApp({ clientDir });
  const owner = await createMember(t.database.db);
  const listing = (overrides: Parameters<typeof createListing>[2]) =>
    createListing(t.database.db, owner.id, overrides).then((l) => l.id);
  stored = await listing({ puzzleImageUrl: '/uploads/AbC_12-x.webp' });
  external = await listing({ puzzleImageUrl: 'https://pictures.example.org/a.jpg?w=1&h=2' });
  hostile = await listing({ puzzleImageUrl: 'https://x.example.org/"><script>alert(1)</script>' });
  draft = await listing({ puzzleImageUrl: '/uploads/Draft.webp', status: 'draft' });
  noPicture = await listing({ puzzleImageUrl: null });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

describe('the puzzle page’s picture preload', () => {
  it('names a stored picture and its thumbnail with the page’s own srcset and sizes', async () => {
    const res = await get(`/puzzle/${stored}`);
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" ' +
        'imagesrcset="/uploads/AbC_12-x.thumb.webp 400w, /uploads/AbC_12-x.webp 1600w" ' +
        `imagesizes="${LISTING_PICTURE_SIZES}" />`,
    ]);
    // Before </head>, so the browser starts it with the scripts.
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('names a picture from elsewhere by its address, escaped', async () => {
    expect(preloads((await get(`/puzzle/${external}`)).body)).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="https://pictures.example.org/a.jpg?w=1&amp;h=2" />',
    ]);
    const html = (await get(`/puzzle/${hostile}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('href="https://x.example.org/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('names nothing for a listing a visitor cannot see, one without a picture, or another page', async () => {
    for (const url of [
      `/puzzle/${draft}`,
      `/puzzle/${noPicture}`,
      '/puzzle/999999',
      '/puzzle/99999999999',
      '/puzzle/abc',
      '/browse-puzzles',
      '/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('keeps the page’s caching: compressed, no-cache, its own ETag and 304', async () => {
    const first = await get(`/puzzle/${stored}`, { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('imagesrcset=');
    const etag = first.headers.etag as string;
    // Another listing's page is another page: never a 304 for it with this ETag.
    expect((await get(`/puzzle/${external}`, { 'if-none-match': etag })).statusCode).toBe(200);
    const again = await get(`/puzzle/${stored}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
