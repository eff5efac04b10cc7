import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Issue 22 point 6, a search that forgives (docs/decisions/0023-forgiving-search.md), as a
// member sees it on a 390 px phone and a 1280 px desktop, at the browser's text size (a
// visitor) and at Largest text (a member who chose it): 'cottages' finds the Cottage puzzle,
// 'cotage' offers 'Did you mean cottage?' whose link finds it; on the desktop the filters
// stand beside the puzzles, never over or above them; on the phone they open in a sheet that
// ends with 'Show N puzzles', N the live count, which closes it onto the puzzles. axe-clean in
// every state.

const skipReason = inject('skipBrowserReason');
const COTTAGE = 'Rose Cottage in Spring';

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

describe.skipIf(skipReason)('a search that forgives, with the puzzles in sight', () => {
  let server: TestServer;
  let browser: Browser;
  let largest: Awaited<ReturnType<TestServer['createMemberSession']>>['cookie'];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const db = server.database.db;
    const owner = await server.createMemberSession('owner.search@example.org', { town_or_city: 'Ripon' });
    largest = (await server.createMemberSession('reader.search@example.org', { textSize: 'largest' })).cookie;
    const plain = { subtitle: null, description: 'Complete and clean.', artist: null, manufacturerId: null };
    await createListing(db, owner.memberId, { ...plain, title: COTTAGE, difficulty: 'medium' });
    await createListing(db, owner.memberId, { ...plain, title: 'Harbour at Dawn', difficulty: 'hard' });
    await createListing(db, owner.memberId, { ...plain, title: 'Bluebell Wood', difficulty: 'medium' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(width: (typeof WIDTHS)[number], atLargest: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport: width.viewport });
    if (atLargest) await context.addCookies([largest]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/browse-puzzles`);
    if (atLargest) await page.waitForFunction(() => document.documentElement.dataset.textSize === 'largest');
    await showing(page, 'Showing 3 of 3 puzzles');
    return page;
  }

  const shot = (page: Page, name: string) =>
    process.env.UX_SHOTS ? page.screenshot({ path: `/tmp/ux/search-${name}.png` }) : Promise.resolve();
  const showing = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
  const card = (page: Page) => page.getByRole('article').filter({ hasText: COTTAGE });

  /** The element's box lies (at least partly) on the screen, below the sticky top bar. */
  async function expectInSight(page: Page, element: Locator, what: string) {
    const box = (await element.boundingBox())!;
    const bar = (await page.locator('header').first().boundingBox())!;
    const height = page.viewportSize()!.height;
    expect(box.y, `${what} is below the top bar`).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    expect(box.y, `${what} starts on the screen`).toBeLessThan(height);
  }

  for (const width of WIDTHS) {
    for (const atLargest of [false, true]) {
      const size = atLargest ? 'Largest text' : 'standard text';

      it(`${width.name}, ${size}: 'cottages' and 'cotage' find the Cottage puzzle, the puzzles in sight`, async () => {
        const page = await open(width, atLargest);
        const search = page.getByRole('searchbox', { name: 'Search puzzles' });
        await search.fill('cottages');
        await showing(page, 'Showing 1 of 1 puzzles');
        await card(page).waitFor();
        await shot(page, `cottages-${width.name}-${size}`);
        await expectNoA11yViolations(page);
        if (width.name === 'desktop') {
          // Typing in the box, the puzzles are beside it: the panel covers none of them.
          expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
          const panel = (await page.getByRole('region', { name: 'Search & Filter Puzzles' }).boundingBox())!;
          const puzzles = (await page.getByRole('list', { name: 'Puzzles' }).boundingBox())!;
          expect(panel.x + panel.width, 'the panel ends before the puzzles begin').toBeLessThanOrEqual(puzzles.x);
          await expectInSight(page, card(page), 'the Cottage puzzle');
          expect(await page.getByLabel('Difficulty').isVisible()).toBe(true);
        }

        // One letter missing: nothing found, and the page offers the word puzzles have.
        await search.fill('cotage');
        await page.getByRole('heading', { level: 2, name: 'No puzzles found' }).waitFor();
        const offer = page.getByText('Did you mean cottage?');
        await offer.waitFor();
        await expectInSight(page, offer, "'Did you mean'");
        await shot(page, `suggestion-${width.name}-${size}`);
        await expectNoA11yViolations(page);
        await page.getByRole('link', { name: 'cottage', exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === 'cottage');
        await showing(page, 'Showing 1 of 1 puzzles');
        await card(page).waitFor();
        expect(await search.inputValue()).toBe('cottage');
        await expectNoA11yViolations(page);
        await page.context().close();
      });
    }
  }

  for (const atLargest of [false, true]) {
    it(`phone, ${atLargest ? 'Largest' : 'standard'} text: the filters open in a sheet that ends with 'Show N puzzles', which shows them`, async () => {
      const page = await open(WIDTHS[0], atLargest);
      const filters = page.getByRole('button', { name: 'Filters (0)' });
      // The filters wait behind their button: the first puzzle is on the first screen.
      expect(await page.getByLabel('Difficulty').count()).toBe(0);
      await filters.click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.waitFor();
      const show = sheet.getByRole('button', { name: /^Show/ });
      await sheet.getByRole('button', { name: 'Show 3 puzzles' }).waitFor();
      // In reach without scrolling the sheet: wholly on the screen.
      const reach = (await show.boundingBox())!;
      expect(reach.y + reach.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await expectNoA11yViolations(page);

      // The count follows each choice, live.
      await sheet.getByLabel('Difficulty').selectOption('hard');
      await sheet.getByRole('button', { name: 'Show 1 puzzle' }).waitFor();
      await sheet.getByLabel('Difficulty').selectOption('medium');
      await sheet.getByRole('button', { name: 'Show 2 puzzles' }).waitFor();
      await shot(page, `sheet-${atLargest}`);
      // It is the sheet's last control, after every filter (the corner's Close aside).
      const lastControl = await sheet
        .locator('button, input, select')
        .evaluateAll(
          (controls) => controls.filter((c) => c.getAttribute('aria-label') !== 'Close filters').at(-1)?.textContent,
        );
      expect(lastControl).toBe('Show 2 puzzles');
      await expectNoA11yViolations(page);

      await show.click();
      await sheet.waitFor({ state: 'hidden' });
      await showing(page, 'Showing 2 of 2 puzzles');
      const status = page.getByRole('status').filter({ hasText: 'Showing 2 of 2 puzzles' });
      expect(await status.evaluate((el) => el === document.activeElement), 'focus is on the puzzles').toBe(true);
      await expectInSight(page, status, "'Showing 2 of 2 puzzles'");
      await shot(page, `shown-${atLargest}`);
      await expectInSight(
        page,
        page.getByRole('list', { name: 'Puzzles' }).getByRole('article').first(),
        'the first puzzle',
      );
      expect(await page.getByRole('button', { name: 'Filters (1)' }).isVisible()).toBe(true);
      await expectNoA11yViolations(page);

      // What she typed counts, even when she presses 'Show' straight after typing it.
      await page.getByRole('button', { name: 'Filters (1)' }).click();
      await sheet.getByLabel('Min Pieces').fill('2000');
      await sheet.getByRole('button', { name: /^Show/ }).click();
      await sheet.waitFor({ state: 'hidden' });
      await showing(page, 'Showing 0 of 0 puzzles');
      expect(new URL(page.url()).searchParams.get('minPieces')).toBe('2000');
      await page.context().close();
    });
  }
});
