import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { expectToast, failedCall, header, WIDE } from '../support/accounts-ui';

// The admin panel in a browser (issue 12): an administrator sorts the users table (three
// clicks cycle), makes a member an administrator, adds, renames, deactivates and deletes a
// manufacturer, creates a setting with bad JSON then good, suspends a member (whose open page
// signs out at once, and who is told why at sign-in) and lifts it, resolves a report, and
// finds every step in the activity log. axe-core on every tab, at desktop and phone widths.

const skipReason = inject('skipBrowserReason');
const PHONE = { width: 390, height: 844 };
const TABS = ['Overview', 'Users', 'Points', 'Manufacturers', 'Settings', 'Activity', 'Reports', 'Disputes'];

describe.skipIf(skipReason)('the admin panel', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Awaited<ReturnType<TestServer['createMemberSession']>>;
  let trevor: Awaited<ReturnType<TestServer['createMemberSession']>>;
  const trevorEmail = 'trevor.admin-e2e@example.org';
  let margaretId = 0;

  /** A completed trade whose harsh feedback the owner reported: one report waiting. */
  async function pendingReport(): Promise<void> {
    const asker = await server.createMemberSession('hilary.admin-e2e@example.org', {
      firstName: 'Hilary',
      lastName: 'Chambers',
      points: 10,
    });
    const owner = await server.createMemberSession('owen.admin-e2e@example.org', {
      firstName: 'Owen',
      lastName: 'Hughes',
    });
    const listing = await createListing(server.database.db, owner.memberId, { title: 'Kingfisher on a Branch' });
    const as = (who: { cookie: { value: string } }, url: string, payload: object = {}) =>
      server.app.inject({ method: 'POST', url, payload, headers: { cookie: `jc_session=${who.cookie.value}` } });
    const tradeId = (await as(asker, '/api/trade-requests', { puzzleListingId: listing.id })).json().id;
    await as(owner, `/api/trade-requests/${tradeId}/accept`);
    await as(owner, `/api/trade-requests/${tradeId}/ship`);
    await as(asker, `/api/trade-requests/${tradeId}/confirm-delivery`);
    const feedbackId = (
      await as(asker, `/api/trade-requests/${tradeId}/feedback`, { rating: 1, comment: 'A cheat, avoid.' })
    ).json().id;
    await as(owner, `/api/trade-requests/${tradeId}/feedback`, { rating: 5, comment: 'Prompt and polite.' });
    const reported = await as(owner, `/api/feedback/${feedbackId}/report`, {
      reason: 'harassment',
      details: 'Name-calling after a smooth trade.',
    });
    expect(reported.statusCode).toBe(201);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    admin = await server.createMemberSession('eleanor.admin-e2e@example.org', {
      firstName: 'Eleanor',
      lastName: 'Whitfield',
      points: 25,
    });
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.memberId));
    margaretId = (
      await server.createMemberSession('margaret.admin-e2e@example.org', { firstName: 'Margaret', lastName: 'Hughes' })
    ).memberId;
    trevor = await server.createMemberSession(trevorEmail, { firstName: 'Trevor', lastName: 'Baxter', points: 12 });
    await createListing(server.database.db, trevor.memberId, { title: 'Trevor’s Lighthouse' });
    await pendingReport();
  });

  afterAll(async () => {
    if (server) await drainNotices(server.ctx);
    await browser?.close();
    await server?.close();
  });

  async function adminPage(viewport = WIDE): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([admin.cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function openTab(page: Page, tab: string): Promise<void> {
    await page.getByRole('tab', { name: tab }).click();
    await page
      .getByRole('heading', { level: 2, name: tab === 'Disputes' ? 'Trade disputes' : tab, exact: true })
      .waitFor();
  }

  it('does the day’s work, and finds each step in the activity log', async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    // The overview comes first, and its points figures agree.
    await page.getByText('The figures agree').waitFor();

    // Test All Functions says what answered, in words that count right ('1 setting', not '1 settings').
    await page.getByRole('button', { name: 'Test All Functions' }).click();
    await expectToast(page, 'All functions answered', '10 checks passed.');
    const results = page.getByRole('region', { name: 'Test results' });
    await results.getByRole('listitem').filter({ hasText: 'Settings: answered (1 setting)' }).waitFor();
    await results.getByRole('listitem').filter({ hasText: 'Activity log: answered (1 entry)' }).waitFor();

    // Users: the Name column cycles ascending, descending, none.
    await openTab(page, 'Users');
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    const firstName = () => page.locator('tbody tr').first().locator('th').innerText();
    const sortBy = async (expected: string) => {
      await nameHeader.getByRole('button').click();
      await page.locator(`th[aria-sort="${expected}"]`, { hasText: 'Name' }).waitFor();
    };
    await sortBy('ascending');
    await page.locator('tbody tr').first().getByRole('link', { name: 'Eleanor W.' }).waitFor();
    expect(await firstName()).toBe('Eleanor W.');
    await sortBy('descending');
    await page.locator('tbody tr').first().getByRole('link', { name: 'Trevor B.' }).waitFor();
    await sortBy('none');
    // Back to the order members joined in: the administrator first.
    await page.locator('tbody tr').first().getByRole('link', { name: 'Eleanor W.' }).waitFor();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');

    // The administrator's own row cannot be changed; Margaret is made an administrator.
    const ownRow = page.getByRole('row', { name: /Eleanor W\./ });
    await expect(ownRow.getByRole('button', { name: 'Self-Admin' }).isDisabled()).resolves.toBe(true);
    await ownRow.getByText('You cannot remove your own admin status').waitFor();
    await page.getByLabel('Search by name or email').fill('margaret');
    await page.getByText('1 member', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Make Admin for Margaret H.' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, make admin' }).click();
    await expectToast(page, 'Admin status updated', 'Margaret H. is now an administrator.');
    await page.getByRole('button', { name: 'Remove Admin for Margaret H.' }).waitFor();
    await expectNoA11yViolations(page);

    // Manufacturers: add, rename, deactivate, delete.
    await openTab(page, 'Manufacturers');
    await page.getByLabel('New manufacturer name').fill('Tenyo');
    await page.getByRole('button', { name: 'Add Manufacturer' }).click();
    await expectToast(page, 'Manufacturer created successfully');
    const tenyo = page.getByRole('article', { name: 'Tenyo' });
    await tenyo.getByRole('button', { name: 'Rename Tenyo' }).click();
    await tenyo.getByLabel('New name for Tenyo').fill('Tenyo Japan');
    await tenyo.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Manufacturer updated successfully', 'Now called Tenyo Japan.');
    const renamed = page.getByRole('article', { name: 'Tenyo Japan' });
    await renamed.getByRole('button', { name: 'Deactivate Tenyo Japan' }).click();
    await renamed.getByText('Inactive').waitFor();
    await expectNoA11yViolations(page);
    await renamed.getByRole('button', { name: 'Delete Tenyo Japan' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Tenyo Japan?' })
      .getByRole('button', { name: 'Yes, delete it' })
      .click();
    await expectToast(page, 'Manufacturer deleted successfully');
    await renamed.waitFor({ state: 'detached' });

    // Settings: bad JSON is refused at the field, good JSON is saved.
    await openTab(page, 'Settings');
    await page.getByLabel('Key').fill('clubNight');
    await page.getByLabel('Category').selectOption('platform');
    await page.getByLabel('Value (JSON)').fill('{day: Thursday}');
    await page.getByRole('button', { name: 'Create Setting' }).click();
    await page.getByText('Value must be valid JSON').waitFor();
    await expectNoA11yViolations(page);
    await page.getByLabel('Value (JSON)').fill('{"day": "Thursday"}');
    await page.getByRole('button', { name: 'Create Setting' }).click();
    await expectToast(page, 'Setting created', 'platform.clubNight');
    await page.getByRole('rowheader', { name: 'clubNight' }).waitFor();

    // Suspension: Trevor has a page open in his own browser.
    const trevorContext: BrowserContext = await browser.newContext({ viewport: WIDE });
    await trevorContext.addCookies([trevor.cookie]);
    // His page's next calls are refused once his session has ended; that is the point.
    const trevorPage = await newWatchedPage(trevorContext, [
      failedCall(401, /\/api\//),
      failedCall(403, /\/api\/auth\/login$/),
    ]);
    trevorPage.setDefaultTimeout(15_000);
    await trevorPage.goto(`${server.url}/my-listings`);
    await trevorPage.getByText('Trevor’s Lighthouse').waitFor();

    await openTab(page, 'Users');
    await page.getByLabel('Search by name or email').fill('trevor');
    await page.getByRole('link', { name: 'Trevor B.' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trevor B.' }).waitFor();
    await page.getByLabel('Reason for the suspension (the member is told)').fill('Unkind messages to other members.');
    await page.getByRole('button', { name: 'Suspend membership' }).click();
    await expectToast(page, 'Member suspended', 'Trevor B. is signed out and suspended until further notice.');
    await page.getByRole('button', { name: 'Lift the suspension' }).waitFor();
    await expectNoA11yViolations(page);

    // His open page signs out by itself and says why.
    const why = 'Your membership is suspended until further notice: Unkind messages to other members.';
    await expectToast(trevorPage, 'You have been signed out', why);
    await header(trevorPage).getByRole('button', { name: 'Sign In', exact: true }).click();
    const signIn = trevorPage.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email address').fill(trevorEmail);
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signIn.getByRole('alert').getByText(why).waitFor();
    await expectNoA11yViolations(trevorPage);

    await page.getByRole('button', { name: 'Lift the suspension' }).click();
    await expectToast(page, 'Suspension lifted');
    await page.getByRole('button', { name: 'Suspend membership' }).waitFor();
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(trevorPage, 'Welcome back!');
    await trevorContext.close();

    // Reports: the feedback is hidden, with a note.
    await page.goto(`${server.url}/admin?tab=reports`);
    const card = page.getByRole('article', { name: /Report #\d+: Trade feedback/ });
    await card.getByText('A cheat, avoid.').waitFor();
    await card.getByRole('button', { name: /^Hide/ }).click();
    const hide = page.getByRole('dialog', { name: 'Hide what was reported?' });
    await hide.getByLabel(/Note for the activity log/).fill('Breaks the courtesy rule.');
    await hide.getByRole('button', { name: 'Yes, hide' }).click();
    await expectToast(page, 'Report resolved', 'It is hidden from members.');
    await page.getByText('No reports are waiting').waitFor();

    // The activity log has every step, newest first.
    await openTab(page, 'Activity');
    for (const line of [
      'Resolved a report',
      'Lifted a suspension',
      'Suspended a member',
      'Created a setting',
      'Deleted a manufacturer',
      'Changed a manufacturer',
      'Added a manufacturer',
      'Changed admin status',
    ]) {
      await page.getByRole('cell', { name: line, exact: true }).first().waitFor();
    }
    await page.getByText('isAdmin: false → true').waitFor();
    await page.getByText('name: Tenyo → Tenyo Japan').waitFor();
    await page.getByText('isActive: true → false').waitFor();
    // The filters narrow it down.
    await page.getByLabel('Action').selectOption({ label: 'Suspended a member' });
    await page.getByRole('cell', { name: 'Lifted a suspension', exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('cell', { name: 'Suspended a member', exact: true }).count()).toBe(1);
    await expectNoA11yViolations(page);
    await page.context().close();

    const [margaret] = await server.database.db.select().from(users).where(eq(users.id, margaretId));
    expect(margaret!.isAdmin).toBe(true);
  }, 120_000);

  /** Each table that is wider than its box (so scrolls inside it) says so above it, and only then. */
  async function expectScrollHintWhenWide(page: Page, where: string): Promise<void> {
    for (const box of await page.getByRole('tabpanel').getByRole('region').all()) {
      const wide = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
      const hint = box.locator('xpath=preceding-sibling::p[1]');
      await expect.poll(() => hint.count(), { message: where }).toBe(wide ? 1 : 0);
      if (wide) expect(await hint.innerText()).toBe('Scroll sideways to see every column.');
    }
  }

  it('the users table fits a desktop screen, and on a phone says it scrolls sideways', async () => {
    const page = await adminPage(PHONE);
    await page.goto(`${server.url}/admin?tab=users`);
    const table = page.getByRole('region', { name: 'Members of the club' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByText('Scroll sideways to see every column.').waitFor();
    // At 1280 px every column, the admin toggle included, is in sight (decision 0028).
    await page.setViewportSize(WIDE);
    await page.getByText('Scroll sideways to see every column.').waitFor({ state: 'detached' });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await page.context().close();
  });

  it('on a phone the manufacturer name boxes take the line, with their buttons below', async () => {
    const page = await adminPage(PHONE);
    await page.goto(`${server.url}/admin?tab=manufacturers`);
    const width = async (label: string | RegExp) => (await page.getByLabel(label).boundingBox())!.width;
    // The screen is 390 px with 16 px margins (the add box was squeezed to 120 px beside its button).
    expect(await width('New manufacturer name')).toBeGreaterThan(300);
    await page
      .getByRole('button', { name: /^Rename / })
      .first()
      .click();
    expect(await width(/^New name for /)).toBeGreaterThan(250);
    await page.context().close();
  });

  it('every tab and a member’s page pass axe, and no page scrolls sideways, on a desktop and a phone', async () => {
    const page = await adminPage();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${server.url}/admin`);
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      for (const tab of TABS) {
        await openTab(page, tab);
        await page.locator('[role="status"]').first().waitFor({ state: 'detached' });
        await expectNoA11yViolations(page);
        expect(await sideways(), `${tab} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        await expectScrollHintWhenWide(page, `${tab} at ${viewport.width}px`);
      }
    }
    await page.goto(`${server.url}/admin/members/${trevor.memberId}`);
    await page.getByRole('heading', { level: 1, name: 'Trevor B.' }).waitFor();
    await expectNoA11yViolations(page);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.setViewportSize(WIDE);
    await expectNoA11yViolations(page);
    await page.context().close();
  }, 120_000);
});
