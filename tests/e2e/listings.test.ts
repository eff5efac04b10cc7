import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { puzzleListings } from '../../src/server/db/schema';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Listings end to end (issue 5): a member lists a puzzle with two real photos and publishes
// it, finds it through search and three filters, opens its share link signed out, another
// member favourites it, and once archived it leaves browse. axe on every page.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const TITLE = 'Lighthouse at Whitby Bay';

describe.skipIf(skipReason)('listing a puzzle, finding it, sharing, favouriting, archiving', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: BrowserContext;
  let other: BrowserContext;
  let photoDir: string;
  let listingId: string;
  let a: Awaited<ReturnType<TestServer['createMemberSession']>>;
  let b: Awaited<ReturnType<TestServer['createMemberSession']>>;

  beforeAll(async () => {
    photoDir = await mkdtemp(path.join(tmpdir(), 'listing-photos-'));
    [server, browser] = await Promise.all([
      startTestServer(),
      launchBrowser(),
      ...['puzzle', 'box'].map((name, i) =>
        sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 40 + i * 150, g: 90, b: 160 } } })
          .jpeg()
          .toFile(path.join(photoDir, `${name}.jpg`)),
      ),
    ]);
    a = await server.createMemberSession('owner.listings@example.org', {
      firstName: 'Ada',
      lastName: 'Quill',
      town_or_city: 'Whitby',
    });
    b = await server.createMemberSession('fan.listings@example.org');
    owner = await browser.newContext({ viewport: WIDE });
    other = await browser.newContext({ viewport: WIDE });
    await owner.addCookies([a.cookie]);
    await other.addCookies([b.cookie]);
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (photoDir) await rm(photoDir, { recursive: true, force: true });
  });

  async function open(context: BrowserContext, urlPath: string): Promise<Page> {
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${urlPath}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  async function expectToast(page: Page, title: string, description?: string): Promise<void> {
    const toast = page.locator('li.toast').filter({ hasText: title });
    await toast.waitFor();
    if (description) expect(await toast.innerText()).toContain(description);
  }

  it('pressing Enter in a field of the listing form publishes nothing', async () => {
    const page = await open(owner, '/list-puzzle');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/puzzle-listings')) sent.push(`${r.method()} ${r.url()}`);
    });
    // Count, in the page, every call that would change a listing: a stray publish calls fetch
    // within the key press's own task (validation and the call are promise steps, no timers),
    // so once a later task has run, the count is final; no waiting for a request that may come.
    await page.evaluate(() => {
      const counted = window as unknown as { writes: number };
      counted.writes = 0;
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (String(input).includes('/api/puzzle-listings') && (init?.method ?? 'GET') !== 'GET') counted.writes += 1;
        return original(input, init);
      };
    });
    await page.getByLabel('Title', { exact: true }).fill('Half-written listing');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await page.getByLabel('Artist (optional)').fill('Nobody yet');
    await page.getByLabel('Artist (optional)').press('Enter');
    await page.getByLabel('Pieces', { exact: true }).press('Enter');
    const writes = await page.evaluate(
      () =>
        new Promise<number>((resolve) => setTimeout(() => resolve((window as unknown as { writes: number }).writes))),
    );
    expect(writes).toBe(0);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/list-puzzle');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half-written listing');
    const rows = await server.database.db
      .select({ id: puzzleListings.id })
      .from(puzzleListings)
      .where(eq(puzzleListings.userId, a.memberId));
    expect(rows).toEqual([]);
    await page.close();
  });

  it('creates a listing with two uploaded photos and publishes it', async () => {
    const page = await open(owner, '/list-puzzle');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('List a Puzzle');
    // The form's defaults (docs/product/screens.md#list-a-puzzle).
    expect(await page.getByLabel('Pieces', { exact: true }).inputValue()).toBe('500');
    expect(await page.getByLabel('PuzzlePoints').inputValue()).toBe('1');
    // No 'Is 1 intentional?' on a form the member has not touched (issue 14).
    expect(await page.getByText('5 PuzzlePoints is the standard value').count()).toBe(0);
    await expectNoA11yViolations(page);

    // A validation message from the domain schema, under the field.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Title is required').waitFor();

    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Subtitle (optional)').fill('Evening light over the harbour');
    await page.getByLabel('Pieces', { exact: true }).fill('1000');
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByLabel('Artist (optional)').fill('Howard Robinson');
    await page.getByLabel('PuzzlePoints').fill('5');
    expect(await page.getByText('5 PuzzlePoints is the standard value').count()).toBe(0);

    const files = page.locator('input[type="file"]');
    await files.nth(0).setInputFiles(path.join(photoDir, 'puzzle.jpg'));
    await page.getByRole('img', { name: 'Puzzle photo preview' }).waitFor();
    await files.nth(1).setInputFiles(path.join(photoDir, 'box.jpg'));
    await page.getByRole('img', { name: 'Box photo preview' }).waitFor();
    // The stored, re-encoded image replaces the local preview.
    expect(await page.getByRole('img', { name: 'Puzzle photo preview' }).getAttribute('src')).toMatch(
      /^\/uploads\/.+\.webp$/,
    );
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Success!', 'Puzzle listing created successfully');
    await page.waitForURL(/\/my-listings$/);
    await page.getByText('Status: Live').waitFor();
    const view = page.getByRole('link', { name: `View: ${TITLE}` });
    listingId = /\/puzzle\/(\d+)$/.exec((await view.getAttribute('href')) ?? '')?.[1] ?? '';
    expect(listingId).not.toBe('');
    await expectNoA11yViolations(page);
  });

  it('is found through search and three filters, and its share link is copied', async () => {
    const page = await open(owner, '/browse-puzzles');
    await page.getByRole('searchbox', { name: 'Search puzzles' }).fill('whitby');
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByLabel('Min Pieces').fill('900');
    await page.getByLabel('Complete puzzles only').check();
    await page.waitForURL(
      (url) => url.searchParams.get('q') === 'whitby' && url.searchParams.get('minPieces') === '900',
    );
    expect(new URL(page.url()).searchParams.get('difficulty')).toBe('hard');
    expect(new URL(page.url()).searchParams.get('completeOnly')).toBe('true');
    // Each filter asks again as it is set, each answer 'Showing 1 of 1': each part of the page is
    // waited for as a member would look for it, not read at one instant. Read at once, one of
    // them was once not there (CI, 3 Dec 2026; which one, and why, was not found here).
    await page.getByRole('status').filter({ hasText: 'Showing 1 of 1 puzzles' }).waitFor();
    await page.getByText('4 filters active').waitFor();
    await page.getByText('4 Active').waitFor();
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await card.getByText('Ada Q., Whitby').waitFor();
    await card.getByText('5 PuzzlePoints').waitFor();
    await card.getByText('Complete').waitFor();
    // The owner's own card: no Request, 'View Your Puzzle' instead of Contact Owner.
    await card.getByRole('button', { name: /View Your Puzzle/ }).waitFor();
    expect(await card.getByRole('button', { name: /^Request/ }).count()).toBe(0);
    await expectNoA11yViolations(page);

    await card.getByRole('button', { name: `Share ${TITLE}` }).click();
    await expectToast(page, 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/puzzle/${listingId}`);
    // The search itself: this page with its filters, on the club's address.
    await page.getByRole('button', { name: 'Share this search' }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).includes('/browse-puzzles?'));
    const shared = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(shared.origin).toBe(server.url);
    expect(shared.pathname).toBe('/browse-puzzles');
    expect(shared.searchParams.get('q')).toBe('whitby');
    expect(shared.searchParams.get('minPieces')).toBe('900');

    // A filter that excludes it gives the empty state.
    await page.getByLabel('Min Pieces').fill('2000');
    await page.getByText('No puzzles found').waitFor();
    await expectNoA11yViolations(page);
  });

  it('shows the shared link to a signed-out visitor', async () => {
    const visitor = await browser.newContext({ viewport: WIDE });
    try {
      const page = await open(visitor, `/puzzle/${listingId}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(TITLE);
      expect(await page.getByText('Trading Value').isVisible()).toBe(true);
      // Request asks the visitor to join or sign in first (browsing before joining, docs/product/members.md#browsing-before-joining).
      await page.getByRole('button', { name: 'Request Puzzle' }).click();
      await page.getByRole('dialog', { name: 'Join or sign in to request this puzzle' }).waitFor();
      await expectNoA11yViolations(page);
    } finally {
      await visitor.close();
    }
  });

  it('lets another member favourite it and see it on My Favorites', async () => {
    const page = await open(other, `/browse-puzzles?q=whitby`);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    // Each heart is named for its puzzle.
    const heart = card.getByRole('button', { name: `Add ${TITLE} to favourites` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expectToast(page, 'Added to favorites');
    expect(
      await card.getByRole('button', { name: `Remove ${TITLE} from favourites` }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await card.getByRole('button', { name: `Request ${TITLE}` }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // Browse's favourites control, beside Share this search.
    await page.locator('#main-content').getByRole('link', { name: 'My Favorites' }).click();
    await page.waitForURL(/\/favorites$/);
    await page.getByRole('heading', { level: 1, name: 'My Favorites' }).waitFor();
    await page.getByRole('link', { name: TITLE }).waitFor();
    await expectNoA11yViolations(page);
  });

  it("offers no edit form for another member's listing or for the member's own sold one", async () => {
    const page = await open(other, `/list-puzzle?edit=${listingId}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Edit Puzzle Listing');
    await page.getByRole('alert').filter({ hasText: 'You can only edit your own puzzles' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Publish|Save Draft/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View the puzzle' }).getAttribute('href')).toBe(`/puzzle/${listingId}`);
    await expectNoA11yViolations(page);
    await page.close();

    const sold = await createListing(server.database.db, a.memberId, { title: 'Sold Seaside Jigsaw', status: 'sold' });
    const own = await open(owner, `/list-puzzle?edit=${sold.id}`);
    await own.getByRole('alert').filter({ hasText: 'A sold listing cannot be changed.' }).waitFor();
    expect(await own.getByLabel('Title', { exact: true }).count()).toBe(0);
    await own.getByRole('button', { name: 'Back to My Listings' }).click();
    await own.waitForURL(/\/my-listings$/);
    await own.close();

    // The owner's own live listing still opens the form.
    const mine = await open(owner, `/list-puzzle?edit=${listingId}`);
    expect(await mine.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    expect(await mine.getByRole('button', { name: 'Update & Publish' }).isVisible()).toBe(true);
    await mine.close();
  });

  it('leaves browse once the owner archives it', async () => {
    const page = await open(owner, '/my-listings');
    await page.getByRole('button', { name: `Archive: ${TITLE}` }).click();
    await expectToast(page, 'Listing archived');
    await page.getByText('Status: Archived').waitFor();
    expect(await page.getByRole('button', { name: `Unarchive: ${TITLE}` }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    const browse = await open(other, '/browse-puzzles?q=whitby');
    await browse.getByText('No puzzles found').waitFor();
    await expectNoA11yViolations(browse);
  });
});
