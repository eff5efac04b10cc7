import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { puzzleListings } from '../../src/server/db/schema';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startGeoStandIn, STAND_IN_POSTCODES, type GeoStandIn } from '../support/postcode-geo-stand-in';
import { startTestServer, type TestServer } from '../support/server';

// Near me and postage (docs/product/near-me.md), as a member in York sees it on a
// 390 px phone and a 1280 px desktop: a Leeds puzzle within 30 miles and not a London one,
// '22 miles away' on its card, 'Nearest first'; then listing a puzzle with its parcel, the
// form saying what posting it will cost. axe-clean in every state.

const skipReason = inject('skipBrowserReason');
const LEEDS = 'Leeds Corn Exchange';
const LONDON = 'Tower Bridge at Dusk';
const HARROGATE = 'Valley Gardens';

describe.skipIf(skipReason)('near me and postage', () => {
  let geo: GeoStandIn;
  let server: TestServer;
  let browser: Browser;
  let york: Awaited<ReturnType<TestServer['createMemberSession']>>;

  beforeAll(async () => {
    geo = await startGeoStandIn();
    [server, browser] = await Promise.all([startTestServer({ postcodeGeo: { url: geo.url } }), launchBrowser()]);
    const db = server.database.db;
    const at = (code: keyof typeof STAND_IN_POSTCODES) => STAND_IN_POSTCODES[code]!;
    york = await server.createMemberSession('york.near@example.org', { postcode: 'YO1 7HH', ...at('YO17HH') });
    const leeds = await server.createMemberSession('leeds.near@example.org', {
      town_or_city: 'Leeds',
      ...at('LS14DY'),
    });
    const london = await server.createMemberSession('london.near@example.org', {
      town_or_city: 'London',
      ...at('SW1A1AA'),
    });
    const harrogate = await server.createMemberSession('harrogate.near@example.org', at('HG12AB'));
    await createListing(db, leeds.memberId, { title: LEEDS, handover: 'either' });
    await createListing(db, london.memberId, { title: LONDON });
    await createListing(db, harrogate.memberId, { title: HARROGATE });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await geo?.close();
  });

  async function open(width: number, path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([york.cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  }

  const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });
  const showing = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

  it('desktop: Max Distance 30 keeps Leeds (22 miles away) and leaves London out; Nearest first', async () => {
    const page = await open(1280, '/browse-puzzles');
    await showing(page, 'Showing 3 of 3 puzzles');
    await page.getByLabel('Max Distance').selectOption('30');
    await showing(page, 'Showing 2 of 2 puzzles');
    expect(await card(page, LONDON).count()).toBe(0);
    expect(await card(page, LEEDS).innerText()).toContain('22 miles away');
    expect(await card(page, LEEDS).innerText()).toContain('Hand-over: Either');
    await expectNoA11yViolations(page);

    await page.getByLabel('Sort By').selectOption('distance');
    await page.waitForURL(/sort=distance/);
    // Harrogate (18 miles) comes before Leeds (22).
    await expect
      .poll(async () =>
        (await page.getByRole('article').allInnerTexts()).map((t) => (t.includes(LEEDS) ? 'Leeds' : 'Harrogate')),
      )
      .toEqual(['Harrogate', 'Leeds']);
    await expectNoA11yViolations(page);
  });

  it('phone: the same question from a shared link, nearest first, in words', async () => {
    const page = await open(390, '/browse-puzzles?maxDistance=30&sort=distance');
    await showing(page, 'Showing 2 of 2 puzzles');
    expect(await card(page, LEEDS).innerText()).toContain('22 miles away');
    expect(await card(page, LONDON).count()).toBe(0);
    await expectNoA11yViolations(page);
  });

  it('lists a puzzle with its parcel, seeing what posting it will cost first', async () => {
    const page = await open(1280, '/list-puzzle');
    await page.getByLabel('Title', { exact: true }).fill('Minster at Evensong');
    await page.getByLabel('Pieces', { exact: true }).fill('1000');
    await page.getByLabel('Hand-over').selectOption('either');
    await page.getByLabel('Weight in grams (optional)').fill('850');
    await page.getByLabel('Length in cm (optional)').fill('37');
    await page.getByLabel('Width in cm (optional)').fill('27');
    await page.getByLabel('Depth in cm (optional)').fill('6');
    await page.getByText('Posting this will cost you about £3.39 (second class, small parcel)').waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.waitForURL(/\/my-listings$/);
    const [saved] = await server.database.db
      .select()
      .from(puzzleListings)
      .where(eq(puzzleListings.title, 'Minster at Evensong'));
    expect(saved).toMatchObject({
      handover: 'either',
      parcelWeightGrams: 850,
      parcelLengthCm: 37,
      parcelWidthCm: 27,
      parcelDepthCm: 6,
    });
  });
});
