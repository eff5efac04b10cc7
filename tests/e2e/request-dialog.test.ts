import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The Request Puzzle dialog's in-dialog alerts (docs/product/trades.md#requesting-a-puzzle), word for word: an incomplete
// profile (with the Complete Profile button to /profile), too few PuzzlePoints, and the
// member's own listing. Each alert replaces the form, so there is nothing to send.

const skipReason = inject('skipBrowserReason');

type Cookie = Awaited<ReturnType<TestServer['createMemberSession']>>['cookie'];
const TITLE = 'Kingfisher by the Weir';
const PROFILE_TEXT =
  'Complete your profile first. You need to add your full name, phone number, and postal address to request puzzles.';

describe.skipIf(skipReason)('the Request Puzzle dialog’s alerts', () => {
  let server: TestServer;
  let browser: Browser;
  let listingId: number;
  let ownerCookie: Cookie;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const owner = await server.createMemberSession('owner.alerts@example.org', { firstName: 'Olive' });
    ownerCookie = owner.cookie;
    listingId = (await createListing(server.database.db, owner.memberId, { title: TITLE, puzzlePoints: 3 })).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageWith(cookie: Cookie, path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /** Opens the dialog from the puzzle page, as a new member with these details. */
  async function requestAs(email: string, overrides: Parameters<TestServer['createMemberSession']>[1]) {
    const { cookie } = await server.createMemberSession(email, overrides);
    const page = await pageWith(cookie, `/puzzle/${listingId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Request Puzzle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Puzzle' });
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    return { page, dialog, alert };
  }

  it('asks a member with an incomplete profile to complete it, and takes them to /profile', async () => {
    const { page, dialog, alert } = await requestAs('incomplete.alerts@example.org', {
      firstName: 'Ivy',
      phone: null,
      line_1: null,
      town_or_city: null,
      postcode: null,
      profileCompleted: false,
      points: 10,
    });
    expect(await alert.getByText(PROFILE_TEXT, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Send Request' }).count()).toBe(0);
    expect(await dialog.getByLabel('Comments for the owner (optional)').count()).toBe(0);
    await expectNoA11yViolations(page);

    await alert.getByRole('link', { name: 'Complete Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it('tells a member with too few PuzzlePoints how many they have and need, with no Send button', async () => {
    const { page, dialog, alert } = await requestAs('short.alerts@example.org', { firstName: 'Sam', points: 2 });
    expect(await alert.innerText()).toBe('Insufficient puzzle points. You have 2 points but need 3 points.');
    expect(await dialog.getByRole('button', { name: 'Send Request' }).count()).toBe(0);
    expect(await alert.getByRole('link', { name: 'Complete Profile' }).count()).toBe(0);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('refuses the owner’s own listing when asked through a link', async () => {
    // The listing pages hide Request from the owner; /trades?request= is the way left.
    const page = await pageWith(ownerCookie, `/trades?request=${listingId}`);
    const alert = page.getByRole('dialog', { name: 'Request Puzzle' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('You cannot request your own puzzle listing.');
    expect(await page.getByRole('button', { name: 'Send Request' }).count()).toBe(0);
    await page.context().close();
  });
});
