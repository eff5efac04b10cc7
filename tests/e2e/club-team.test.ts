import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { apiAs, browserMember, startTestServer, type BrowserMember, type TestServer } from '../support/server';
import { expectToast, WIDE } from '../support/accounts-ui';

// The club team closes the loop (decision 0027), in a browser: an administrator hides a
// reported post from the reports tab, then changes their mind and restores it from the same
// card; the author reads the kind notice with the administrator's note. And a setting is
// edited in place on the settings tab. axe-core at 1280 px and 390 px.

const skipReason = inject('skipBrowserReason');
const PHONE = { width: 390, height: 844 };

describe.skipIf(skipReason)('the club team', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserMember;
  let author: BrowserMember;
  let postId = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    admin = await browserMember(server, 'eleanor.club-team@example.org', {
      firstName: 'Eleanor',
      lastName: 'Whitfield',
    });
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    author = await browserMember(server, 'colin.club-team@example.org', { firstName: 'Colin', lastName: 'Whitaker' });
    const reporter = await browserMember(server, 'nina.club-team@example.org', {
      firstName: 'Nina',
      lastName: 'Newman',
    });
    postId = (
      await apiAs(server, author, 'POST', '/api/community/posts', {
        title: 'Puzzles for sale at my stall',
        content: 'Come and buy at the market on Saturday.',
        category: 'general',
      })
    ).id;
    await apiAs(server, reporter, 'POST', '/api/community/flags', { postId, reason: 'spam', details: 'An advert.' });
    await apiAs(server, admin, 'POST', '/api/admin/settings', {
      category: 'platform',
      key: 'clubNightDay',
      value: 'Thursday',
      description: 'When the club meets',
    });
  });

  afterAll(async () => {
    if (server) await drainNotices(server.ctx);
    await browser?.close();
    await server?.close();
  });

  async function pageAs(who: BrowserMember, viewport = WIDE): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([who.cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('hide, then restore from the same card; the author reads the kind notice with the note', async () => {
    const page = await pageAs(admin);
    await page.goto(`${server.url}/admin?tab=reports`);
    const card = page.getByRole('article', { name: /Report #\d+: Forum post/ });
    await card.getByText('Come and buy at the market on Saturday.').waitFor();
    // The report links to the post where it stands.
    expect(await card.getByRole('link', { name: /See the post/ }).getAttribute('href')).toBe(
      `/community?post=${postId}`,
    );
    await expectNoA11yViolations(page);

    await card.getByRole('button', { name: /^Hide/ }).click();
    const hide = page.getByRole('dialog', { name: 'Hide what was reported?' });
    await hide.getByLabel(/Note for the activity log/).fill('Sales belong in the listings.');
    await hide.getByRole('button', { name: 'Yes, hide' }).click();
    await expectToast(page, 'Report resolved', 'It is hidden from members.');

    // Decided, but not final: the same report now offers Restore.
    await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
    const decided = page.getByRole('article', { name: /Report #\d+: Forum post/ });
    await decided.getByText('(hidden from members)').waitFor();
    await decided.getByRole('button', { name: /^Restore/ }).click();
    const restore = page.getByRole('dialog', { name: 'Show it to members again?' });
    await restore.getByLabel(/Note for the activity log/).fill('A one-off stall at the club fair: fine.');
    await restore.getByRole('button', { name: 'Yes, restore' }).click();
    await expectToast(page, 'Report resolved', 'It is shown to members again.');
    await decided.getByRole('button', { name: /^Hide/ }).waitFor();
    await expectNoA11yViolations(page);
    await page.context().close();

    // The author, on a phone, reads both notices; the latest carries the note.
    await drainNotices(server.ctx);
    const authorPage = await pageAs(author, PHONE);
    await authorPage.goto(`${server.url}/notifications`);
    await authorPage.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const back = authorPage.getByRole('link', { name: /Your post "Puzzles for sale at my stall" is back on show/ });
    expect(await back.innerText()).toContain('A one-off stall at the club fair: fine.');
    expect(await back.innerText()).toContain('From the club team');
    await authorPage
      .getByRole('link', { name: /The club team has hidden your post/ })
      .getByText(/Sales belong in the listings\./)
      .waitFor();
    await expectNoA11yViolations(authorPage);
    await back.click();
    await authorPage.waitForURL(new RegExp(`/community\\?post=${postId}$`));
    await authorPage.getByRole('dialog', { name: 'Puzzles for sale at my stall' }).waitFor();
    await authorPage.context().close();
  });

  it('edits a setting in place', async () => {
    for (const viewport of [WIDE, PHONE]) {
      const page = await pageAs(admin, viewport);
      await page.goto(`${server.url}/admin?tab=settings`);
      // The numbers the club reads are listed with what they do and their default, among them
      // the trust rules' four (docs/product/trust.md).
      const known = page.getByRole('region', { name: 'Settings the club reads' });
      for (const [key, words, number] of [
        ['newTraderOpenRequests', 'Requests a member may have open at once until their first trade completes', 3],
        ['onTimeShippingDays', "counts as 'posted on time' in the owner's trading record", 3],
        ['shipWithinDays', 'before the trade cancels itself and the points go back', 7],
        ['missingPieceRefundPercent', 'more pieces missing than its listing said', 50],
      ] as const) {
        const item = known.getByRole('listitem').filter({ hasText: `trading / ${key}` });
        await item.waitFor();
        const text = await item.innerText();
        expect(text, key).toContain(words);
        expect(text, key).toContain(`Default ${number}.`);
      }
      const row = page.getByRole('row', { name: /clubNightDay/ });
      await row.getByRole('button', { name: 'Edit platform.clubNightDay' }).click();
      const form = page.getByRole('form', { name: 'Edit platform.clubNightDay' });
      const value = form.getByLabel('Value of platform.clubNightDay (JSON)');
      await value.fill('Thursday');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Value must be valid JSON').waitFor();
      await expectNoA11yViolations(page);
      const day = viewport === WIDE ? 'Friday' : 'Saturday';
      await value.fill(`"${day}"`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Setting saved', 'platform.clubNightDay');
      await row.getByText(`"${day}"`).waitFor();
      await expectNoA11yViolations(page);
      await page.context().close();
    }
    const listed = await apiAs(server, admin, 'GET', '/api/admin/settings');
    expect(listed.filter((s: { key: string }) => s.key === 'clubNightDay')).toEqual([
      expect.objectContaining({ value: 'Saturday', description: 'When the club meets' }),
    ]);
    const log = await apiAs(server, admin, 'GET', '/api/admin/actions?action=update_setting');
    expect(log[0].details.value).toEqual({ from: 'Friday', to: 'Saturday' });
  });
});
