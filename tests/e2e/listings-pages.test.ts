import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { puzzleListings } from '../../src/server/db/schema';
import { addFavorite } from '../../src/server/favorites/favorites-repository';
import { saveImage } from '../../src/server/uploads/image-store';
import { expectToast } from '../support/accounts-ui';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The listing pages' states that listings.test.ts does not reach (docs/product/screens.md: List
// Puzzle, My Listings, Browse Puzzles, Puzzle detail, Favourites; their toasts):
// editing and drafts, the My Listings counts, tabs and status buttons, the photo upload's
// progress and failure, browse paging, filter counts and both clear buttons, the skeletons,
// the detail page's images, 'Puzzle not found' and the owner's own view, and removing a
// favourite. One server and one browser for the file; axe on every page visited.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };

const EDITED = 'Kingfisher on the Riverbank';
const IMAGED = 'Fishing Boats at Staithes';
const SECRET_DRAFT = 'Unfinished Alpine Meadow';
const BULK = 'Meadowsweet Sampler';
const BULK_COUNT = 26;
const FAVOURITE_KEPT = 'Red Squirrel in Autumn';

/** A 404 from the listing call is how a missing puzzle is found out. */
const listingNotFound: ExpectedConsoleError = { text: /status of 404/, url: /\/api\/puzzle-listings\/\d+$/ };

describe.skipIf(skipReason)('the listing pages: edit, drafts, My Listings, uploads, browse, detail, favourites', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: BrowserContext;
  let manager: BrowserContext;
  let newcomer: BrowserContext;
  let fan: BrowserContext;
  let fanId: number;
  let editedId: number;
  let imagedId: number;
  let secretDraftId: number;
  let keptId: number;
  let images: { puzzle: string; box: string };
  let photo: Buffer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const db = server.database.db;
    const colour = (r: number) =>
      sharp({ create: { width: 80, height: 60, channels: 3, background: { r, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer();
    const [puzzlePhoto, boxPhoto] = await Promise.all([colour(40), colour(190)]);
    photo = puzzlePhoto;
    const [puzzleImage, boxImage] = await Promise.all([
      saveImage(server.ctx.pictures, puzzlePhoto),
      saveImage(server.ctx.pictures, boxPhoto),
    ]);
    images = { puzzle: puzzleImage.url, box: boxImage.url };

    const a = await server.createMemberSession('owner.pages@example.org', { firstName: 'Ada', lastName: 'Quill' });
    const m = await server.createMemberSession('manager.pages@example.org');
    const n = await server.createMemberSession('newcomer.pages@example.org');
    const f = await server.createMemberSession('fan.pages@example.org');
    const bulk = await server.createMemberSession('bulk.pages@example.org');
    fanId = f.memberId;

    editedId = (
      await createListing(db, a.memberId, {
        title: EDITED,
        subtitle: 'A flash of blue over the weir',
        pieces: 750,
        artist: 'Eleanor Pike',
        yearOfManufacture: 2018,
        difficulty: 'hard',
        condition: 'good',
        puzzlePoints: 4,
        description: 'Two small nicks on the box lid; every piece present.',
      })
    ).id;
    imagedId = (
      await createListing(db, a.memberId, {
        title: IMAGED,
        puzzleImageUrl: images.puzzle,
        boxImageUrl: images.box,
      })
    ).id;
    secretDraftId = (await createListing(db, a.memberId, { title: SECRET_DRAFT, status: 'draft' })).id;
    await createListing(db, m.memberId, { title: 'Tea Party at the Ritz' });
    await createListing(db, m.memberId, { title: 'Quiet Cove Lighthouse', status: 'draft' });
    for (let i = 1; i <= BULK_COUNT; i += 1) {
      await createListing(db, bulk.memberId, { title: `${BULK} No. ${i}` });
    }
    keptId = (await createListing(db, bulk.memberId, { title: FAVOURITE_KEPT })).id;

    const signedIn = async ({ cookie }: { cookie: Parameters<BrowserContext['addCookies']>[0][number] }) => {
      const context = await browser.newContext({ viewport: WIDE });
      await context.addCookies([cookie]);
      return context;
    };
    [owner, manager, newcomer, fan] = await Promise.all([signedIn(a), signedIn(m), signedIn(n), signedIn(f)]);
  });

  // Each open page keeps a live-events connection, and Chromium allows 6 to a host: close them.
  const opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(context: BrowserContext, urlPath: string, expected: ExpectedConsoleError[] = []) {
    const page = await newWatchedPage(context, expected);
    opened.push(page);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${urlPath}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

  /** A row on /my-listings, found by its title. */
  const row = (page: Page, title: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

  /** The My Listings count cards, as { Total: n, Drafts: n, ... }. */
  async function countCards(page: Page): Promise<Record<string, number>> {
    const texts = await page.getByRole('list', { name: 'Listing counts' }).getByRole('listitem').allInnerTexts();
    return Object.fromEntries(
      texts.map((text) => {
        const [n, label] = text
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean);
        return [label, Number(n)];
      }),
    );
  }

  const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();

  /** Holds every request to this path until release() is called. */
  async function hold(page: Page, pathname: string): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === pathname,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    return release;
  }

  it('edits a listing: prefilled fields, Update & Publish, and the change on My Listings', async () => {
    const page = await open(owner, `/list-puzzle?edit=${editedId}`);
    expect(await h1(page)).toBe('Edit Puzzle Listing');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    expect(await field('Title').inputValue()).toBe(EDITED);
    expect(await field('Subtitle (optional)').inputValue()).toBe('A flash of blue over the weir');
    expect(await field('Pieces').inputValue()).toBe('750');
    expect(await field('Artist (optional)').inputValue()).toBe('Eleanor Pike');
    expect(await field('Year of manufacture (optional)').inputValue()).toBe('2018');
    expect(await field('Difficulty').inputValue()).toBe('hard');
    expect(await field('Condition').inputValue()).toBe('good');
    expect(await field('PuzzlePoints').inputValue()).toBe('4');
    // Nothing asked until the member changes the points (issue 14).
    expect(await page.getByText('Is 4 intentional?').count()).toBe(0);
    expect(await field('Description (optional)').inputValue()).toBe(
      'Two small nicks on the box lid; every piece present.',
    );
    expect(await page.getByRole('button', { name: 'Update & Publish' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save Draft' }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    await field('Title').fill('Kingfisher at Dawn');
    await field('Pieces').fill('1500');
    await page.getByRole('button', { name: 'Update & Publish' }).click();
    await expectToast(page, 'Success!', 'Puzzle listing updated successfully');
    await page.waitForURL(/\/my-listings$/);
    const edited = row(page, 'Kingfisher at Dawn');
    await edited.waitFor();
    expect(await edited.innerText()).toContain('1,500 pieces');
    expect(await edited.getByText('Status: Live').isVisible()).toBe(true);
    expect(await row(page, EDITED).count()).toBe(0);
    await expectNoA11yViolations(page);
  });

  it('saves a draft from the form: under Drafts on My Listings, not in browse', async () => {
    const title = 'Puffins on Farne Island';
    const page = await open(owner, '/list-puzzle');
    expect(await h1(page)).toBe('List a Puzzle');
    await expectNoA11yViolations(page);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Success!', 'Puzzle listing created successfully');
    await page.waitForURL(/\/my-listings$/);
    await row(page, title).waitFor();

    // Two drafts now: the one made here and the one the owner already had.
    await page.getByRole('tab', { name: 'Drafts (2)' }).click();
    const draft = row(page, title);
    await draft.waitFor();
    expect(await draft.getByText('Status: Draft').isVisible()).toBe(true);
    expect(await draft.getByText('Published:').isVisible()).toBe(true);
    expect(await draft.innerText()).toContain('Not yet');
    // A draft has no public page to view.
    expect(await page.getByRole('link', { name: `View: ${title}` }).count()).toBe(0);
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: /^Live \(/ }).click();
    await row(page, IMAGED).waitFor();
    expect(await row(page, title).count()).toBe(0);

    const browse = await open(fan, `/browse-puzzles?q=${encodeURIComponent('Farne')}`);
    await browse.getByRole('heading', { level: 2, name: 'No puzzles found' }).waitFor();
    await expectNoA11yViolations(browse);
  });

  it('shows My Listings counts and tabs, toggles Live and Draft both ways, archives and unarchives', async () => {
    const page = await open(manager, '/my-listings');
    expect(await h1(page)).toBe('My Puzzle Listings');
    await row(page, 'Tea Party at the Ritz').waitFor();
    expect(await countCards(page)).toEqual({ Total: 2, Drafts: 1, Active: 1, Archived: 0, Sold: 0 });
    expect(await tabNames(page)).toEqual(['All (2)', 'Drafts (1)', 'Live (1)', 'Archived (0)', 'Sold (0)']);
    // View only for a live listing.
    expect(await page.getByRole('link', { name: 'View: Tea Party at the Ritz' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View: Quiet Cove Lighthouse' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    // The per-tab empty text.
    await page.getByRole('tab', { name: 'Archived (0)' }).click();
    await page.getByText('No archived listings', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Sold (0)' }).click();
    await page.getByText('No sold listings', { exact: true }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'All (2)' }).click();

    // Live to Draft.
    await page.getByRole('button', { name: 'Make draft: Tea Party at the Ritz' }).click();
    await expectToast(page, 'Status updated', 'Listing status has been updated successfully');
    await row(page, 'Tea Party at the Ritz').getByText('Status: Draft').waitFor();
    await expect.poll(() => countCards(page)).toEqual({ Total: 2, Drafts: 2, Active: 0, Archived: 0, Sold: 0 });
    expect(await tabNames(page)).toEqual(['All (2)', 'Drafts (2)', 'Live (0)', 'Archived (0)', 'Sold (0)']);
    await page.getByRole('tab', { name: 'Live (0)' }).click();
    await page.getByText('No live listings', { exact: true }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'All (2)' }).click();

    // And back: Draft to Live.
    await page.getByRole('button', { name: 'Make live: Tea Party at the Ritz' }).click();
    await row(page, 'Tea Party at the Ritz').getByText('Status: Live').waitFor();
    await expect.poll(() => countCards(page)).toEqual({ Total: 2, Drafts: 1, Active: 1, Archived: 0, Sold: 0 });
    expect(await page.getByRole('link', { name: 'View: Tea Party at the Ritz' }).isVisible()).toBe(true);

    // Archive: no Live/Draft toggle while archived, Unarchive instead.
    await page.getByRole('button', { name: 'Archive: Quiet Cove Lighthouse' }).click();
    await expectToast(page, 'Listing archived');
    await row(page, 'Quiet Cove Lighthouse').getByText('Status: Archived').waitFor();
    expect(await page.getByRole('button', { name: 'Make live: Quiet Cove Lighthouse' }).count()).toBe(0);
    await expect.poll(() => countCards(page)).toEqual({ Total: 2, Drafts: 0, Active: 1, Archived: 1, Sold: 0 });
    await page.getByRole('tab', { name: 'Archived (1)' }).click();
    await row(page, 'Quiet Cove Lighthouse').waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'All (2)' }).click();

    // Unarchive goes back to Draft.
    await page.getByRole('button', { name: 'Unarchive: Quiet Cove Lighthouse' }).click();
    await expectToast(page, 'Listing unarchived');
    await row(page, 'Quiet Cove Lighthouse').getByText('Status: Draft').waitFor();
    await expect.poll(() => countCards(page)).toEqual({ Total: 2, Drafts: 1, Active: 1, Archived: 0, Sold: 0 });
    expect(await tabNames(page)).toEqual(['All (2)', 'Drafts (1)', 'Live (1)', 'Archived (0)', 'Sold (0)']);
    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    await row(page, 'Quiet Cove Lighthouse').waitFor();
    expect(await page.getByRole('button', { name: 'Make live: Quiet Cove Lighthouse' }).isVisible()).toBe(true);
  });

  // A change made on any tab but All moves the row off that tab (it unmounts at once); the
  // toast must still come.
  it("says 'Listing unarchived' when unarchiving from the Archived tab", async () => {
    const page = await open(manager, '/my-listings');
    await page.getByRole('button', { name: 'Archive: Quiet Cove Lighthouse' }).click();
    await page.getByRole('tab', { name: 'Archived (1)' }).click();
    await page.getByRole('button', { name: 'Unarchive: Quiet Cove Lighthouse' }).click();
    await page.getByRole('tab', { name: 'Archived (0)' }).waitFor();
    await page.getByText('No archived listings', { exact: true }).waitFor();
    await page.locator('li.toast').filter({ hasText: 'Listing unarchived' }).waitFor({ timeout: 3000 });
    await expectNoA11yViolations(page);
  });

  it("shows 'No listings yet' to a member with none", async () => {
    const page = await open(newcomer, '/my-listings');
    await page.getByText('No listings yet', { exact: true }).waitFor();
    expect(await countCards(page)).toEqual({ Total: 0, Drafts: 0, Active: 0, Archived: 0, Sold: 0 });
    expect(await tabNames(page)).toEqual(['All (0)', 'Drafts (0)', 'Live (0)', 'Archived (0)', 'Sold (0)']);
    const create = page.getByRole('link', { name: 'Create Your First Listing' });
    expect(await create.getAttribute('href')).toBe('/list-puzzle');
    await expectNoA11yViolations(page);
    await create.click();
    await page.waitForURL(/\/list-puzzle$/);
    await page.getByRole('heading', { level: 1, name: 'List a Puzzle' }).waitFor();
  });

  it('shows a photo uploading, and says why a file that is not an image failed', async () => {
    const page = await open(owner, '/list-puzzle', [{ text: /status of 415/, url: /\/api\/uploads$/ }]);
    const fileInput = (label: string) =>
      page.getByLabel(label, { exact: true }).and(page.locator('input[type="file"]'));
    const release = await hold(page, '/api/uploads');

    await fileInput('Puzzle photo').setInputFiles({ name: 'puzzle.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page
      .getByRole('status')
      .filter({ hasText: /^Uploading… \d+%$/ })
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Puzzle photo' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Puzzle photo being uploaded' }).isVisible()).toBe(true);
    // Saving waits for the photo.
    expect(await page.getByText('Waiting for the photos to finish uploading…').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Draft' }).isDisabled()).toBe(true);
    await expectNoA11yViolations(page);

    release();
    const preview = page.getByRole('img', { name: 'Puzzle photo preview' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isEnabled()).toBe(true);
    await page.unrouteAll();

    // A text file named like a photo: the server's reason is shown under the field.
    await fileInput('Box photo').setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Shopping list: tea, biscuits, a 1000-piece puzzle.\n'),
    });
    const failure = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await failure.waitFor();
    expect(await failure.innerText()).toBe(
      'Upload failed: Unsupported file type. Please upload a JPEG, PNG or WebP image.',
    );
    expect(await page.getByRole('img', { name: 'Box photo preview' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isEnabled()).toBe(true);
    await expectNoA11yViolations(page);
  });

  it('browses: 6 skeletons while loading, Load more, the counts, and Clear All Filters', async () => {
    const page = await newWatchedPage(fan);
    opened.push(page);
    page.setDefaultTimeout(15_000);
    const release = await hold(page, '/api/puzzle-listings');
    await page.goto(`${server.url}/browse-puzzles?q=${encodeURIComponent(BULK)}`);
    await page.getByRole('heading', { level: 1, name: 'Browse Puzzles' }).waitFor();
    const skeletons = page.getByTestId('listing-skeletons');
    await skeletons.waitFor();
    expect(await skeletons.getByRole('listitem', { includeHidden: true }).count()).toBe(6);
    expect(await page.getByRole('status').filter({ hasText: 'Loading puzzles…' }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    release();

    const cards = page.getByRole('list', { name: 'Puzzles' }).getByRole('article');
    await page
      .getByRole('status')
      .filter({ hasText: `Showing 24 of ${BULK_COUNT} puzzles` })
      .waitFor();
    expect(await skeletons.count()).toBe(0);
    expect(await cards.count()).toBe(24);
    expect(await page.getByText('1 filter active', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('1 Active', { exact: true }).isVisible()).toBe(true);
    await page.unrouteAll();

    // Jumping to the end of the list, Load more stays where she sees it: the cards just above
    // it are drawn with the page, not as they come into view (a card's placeholder height is
    // not its own, and Load more once moved some 450 px between a press and its release).
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    const where = await loadMore.boundingBox();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await loadMore.boundingBox()).toEqual(where);
    await loadMore.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${BULK_COUNT} of ${BULK_COUNT} puzzles` })
      .waitFor();
    expect(await cards.count()).toBe(BULK_COUNT);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    await page.getByLabel('Difficulty').selectOption('medium');
    await page.getByText('2 filters active', { exact: true }).waitFor();
    expect(await page.getByText('2 Active', { exact: true }).isVisible()).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: `Showing 24 of ${BULK_COUNT} puzzles` })
      .waitFor();

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/browse-puzzles' && url.search === '');
    const [live] = await server.database.db
      .select({ n: count() })
      .from(puzzleListings)
      .where(eq(puzzleListings.status, 'active'));
    await page
      .getByRole('status')
      .filter({ hasText: `Showing 24 of ${live!.n} puzzles` })
      .waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'filter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear All Filters' }).count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search puzzles' }).inputValue()).toBe('');
    expect(await page.getByLabel('Difficulty').inputValue()).toBe('');
    await expectNoA11yViolations(page);
  });

  it('shows the empty state, whose button clears only search, difficulty, condition, manufacturer, sort and pieces', async () => {
    const query = new URLSearchParams({
      q: 'zebra crossing nowhere',
      difficulty: 'medium',
      condition: 'very_good',
      sort: 'title-asc',
      minPieces: '100',
      maxPieces: '5000',
      artist: 'Davison',
      minPoints: '1',
    });
    const page = await open(fan, `/browse-puzzles?${query.toString()}`);
    await page.getByRole('heading', { level: 2, name: 'No puzzles found' }).waitFor();
    expect(await page.getByText('Try adjusting your search terms or filters to find more puzzles.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('7 filters active', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Showing 0 of 0 puzzles' }).waitFor();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    const left = new URL(page.url()).searchParams;
    expect(Object.fromEntries(left.entries())).toEqual({ artist: 'Davison', minPoints: '1' });
    await page.getByText('2 filters active', { exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /Showing [1-9]\d* of \d+ puzzles/ })
      .waitFor();
    expect(await page.getByLabel('Artist').inputValue()).toBe('Davison');
    expect(await page.getByLabel('Min Points').inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Clear All Filters' }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
  });

  it('switches between the puzzle and box images on the detail page', async () => {
    const page = await open(fan, `/puzzle/${imagedId}`);
    expect(await h1(page)).toBe(IMAGED);
    const puzzleThumb = page.getByRole('button', { name: 'Puzzle', exact: true });
    const boxThumb = page.getByRole('button', { name: 'Box', exact: true });
    expect(await page.getByRole('img', { name: `Puzzle image of ${IMAGED}` }).getAttribute('src')).toBe(images.puzzle);
    expect(await puzzleThumb.getAttribute('aria-pressed')).toBe('true');
    expect(await boxThumb.getAttribute('aria-pressed')).toBe('false');
    await expectNoA11yViolations(page);

    await boxThumb.click();
    const box = page.getByRole('img', { name: `Box image of ${IMAGED}` });
    await box.waitFor();
    expect(await box.getAttribute('src')).toBe(images.box);
    expect(await page.getByRole('img', { name: `Puzzle image of ${IMAGED}` }).count()).toBe(0);
    expect(await boxThumb.getAttribute('aria-pressed')).toBe('true');
    expect(await puzzleThumb.getAttribute('aria-pressed')).toBe('false');
    await expectNoA11yViolations(page);

    await puzzleThumb.click();
    await page.getByRole('img', { name: `Puzzle image of ${IMAGED}` }).waitFor();

    // A listing without photos says which one is missing.
    const bare = await open(fan, `/puzzle/${editedId}`);
    await bare.getByText('No puzzle image').waitFor();
    await bare.getByRole('button', { name: 'Box', exact: true }).click();
    await bare.getByText('No box image').waitFor();
    await expectNoA11yViolations(bare);
  });

  it("shows 'Puzzle not found' for an unknown id and for someone else's draft", async () => {
    for (const id of [999_999, secretDraftId]) {
      const page = await open(fan, `/puzzle/${id}`, [listingNotFound]);
      expect(await h1(page), `/puzzle/${id}`).toBe('Puzzle not found');
      expect(await page.getByText(SECRET_DRAFT).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse-puzzles');
      await expectNoA11yViolations(page);
    }
    // The owner does see their own draft.
    const own = await open(owner, `/puzzle/${secretDraftId}`);
    expect(await h1(own)).toBe(SECRET_DRAFT);
    await expectNoA11yViolations(own);
  });

  it("gives the owner 'View Your Puzzle' on the card and 'Your Puzzle' on the detail page", async () => {
    const page = await open(owner, `/browse-puzzles?q=${encodeURIComponent('Staithes')}`);
    const card = page.getByRole('article').filter({ hasText: IMAGED });
    await card.waitFor();
    expect(await card.getByRole('button', { name: /^Request/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /Contact Owner/ }).count()).toBe(0);
    const view = card.getByRole('button', { name: /View Your Puzzle/ });
    expect(await view.innerText()).toBe('View Your Puzzle');
    await expectNoA11yViolations(page);

    await view.click();
    await page.waitForURL(new RegExp(`/puzzle/${imagedId}$`));
    await page.getByRole('heading', { level: 1, name: IMAGED }).waitFor();
    const yours = page.getByRole('button', { name: 'Your Puzzle', exact: true });
    expect(await yours.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request Puzzle' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Contact Owner' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    // Another member sees the ordinary buttons on the same page.
    const other = await open(fan, `/puzzle/${imagedId}`);
    expect(await other.getByRole('button', { name: 'Request Puzzle' }).isVisible()).toBe(true);
    expect(await other.getByRole('button', { name: 'Contact Owner' }).isEnabled()).toBe(true);
    expect(await other.getByRole('button', { name: 'Your Puzzle', exact: true }).count()).toBe(0);
    await expectNoA11yViolations(other);
  });

  it("removes a favourite from My Favorites with the product's toast", async () => {
    const db = server.database.db;
    await addFavorite(db, fanId, keptId);
    await addFavorite(db, fanId, imagedId);
    const page = await open(fan, '/favorites');
    expect(await h1(page)).toBe('My Favorites');
    await page.getByRole('status').filter({ hasText: '2 favourite puzzles' }).waitFor();
    const card = page.getByRole('article').filter({ hasText: IMAGED });
    const heart = card.getByRole('button', { name: /from favourites/ });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await expectNoA11yViolations(page);

    await heart.click();
    await expectToast(page, 'Removed from favorites');
    await card.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '1 favourite puzzle' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: FAVOURITE_KEPT }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // Gone on the server too.
    await page.reload();
    await page.getByRole('article').filter({ hasText: FAVOURITE_KEPT }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: IMAGED }).count()).toBe(0);
    await expectNoA11yViolations(page);
  });
});
