import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSession } from '../../src/server/auth/sessions-repository';
import { SESSION_COOKIE } from '../../src/server/auth/session-plugin';
import { memberProfiles, users } from '../../src/server/db/schema';
import { leaveFeedback } from '../../src/server/feedback/feedback-service';
import { noNotices } from '../../src/server/notices/notices';
import { applyTradeCommand, requestTrade } from '../../src/server/trades/trade-life-cycle-service';
import { saveImage } from '../../src/server/uploads/image-store';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { expectToast } from '../support/accounts-ui';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// docs/product/members.md in the browser: a member opens the directory, searches it, opens a member's
// page (card facts, about me, badges, puzzles on offer, feedback), and sets up their own
// page; then chooses the Largest text, which every page follows at once, on a 390 px phone
// without sideways scrolling, and on another device. axe-core on every page and state.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LISTING = 'Staithes Harbour in Autumn';

describe.skipIf(skipReason)('members in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let me: Awaited<ReturnType<TestServer['createMemberSession']>>;
  let dorothyId: number;
  let listingId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const db = server.database.db;
    me = await server.createMemberSession('margaret.members@example.org', {
      firstName: 'Margaret',
      lastName: 'Hughes',
      points: 20,
    });
    const dorothy = await server.createMemberSession('dorothy.members@example.org', {
      firstName: 'Dorothy',
      lastName: 'Pemberton',
      town_or_city: 'Whitby',
      joinedAt: new Date('2023-03-05T10:00:00Z'),
    });
    dorothyId = dorothy.memberId;
    await server.createMemberSession('arthur.members@example.org', { firstName: 'Arthur', lastName: 'Newby' });
    await server
      .createMemberSession('hidden.members@example.org', { firstName: 'Hermione' })
      .then(({ memberId }) => db.insert(memberProfiles).values({ userId: memberId, isProfilePublic: false }));
    const face = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8a5a44' } })
      .png()
      .toBuffer();
    const avatar = await saveImage(server.ctx.pictures, face, 'square');
    await db.insert(memberProfiles).values({
      userId: dorothyId,
      avatarUrl: avatar.url,
      welcomeMessage: 'Harbours, lighthouses and anything with boats.',
      aboutMe: 'Retired lifeboat volunteer. I post the same day, wrapped in newspaper and love.',
    });
    listingId = (await createListing(db, dorothyId, { title: LISTING })).id;

    // One finished trade between the two, rated both ways: Dorothy's feedback is visible, and
    // the trade service has unlocked her First Listing and First Trade.
    const deps = { db, notices: noNotices };
    const traded = await createListing(db, dorothyId, { title: 'Whitby Abbey at Dawn' });
    const { trade } = await requestTrade(
      deps,
      { id: me.memberId },
      { puzzleListingId: traded.id, requestComments: null },
    );
    for (const [action, by] of [
      ['accept', dorothyId],
      ['ship', dorothyId],
      ['confirm-delivery', me.memberId],
    ] as const) {
      await applyTradeCommand(deps, trade.id, { kind: 'member', id: by }, { action } as never);
    }
    await leaveFeedback(deps, { id: me.memberId }, trade.id, { rating: 5, comment: 'Packed like treasure.' });
    await leaveFeedback(deps, { id: dorothyId }, trade.id, { rating: 5, comment: 'A pleasure, Margaret.' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(viewport = WIDE): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([me.cookie]);
    return context;
  }

  async function open(context: BrowserContext, path: string, expected: ExpectedConsoleError[] = []): Promise<Page> {
    const page = await newWatchedPage(context, expected);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('opens the directory, searches it, and opens a member page', async () => {
    const context = await signedIn();
    const page = await open(context, '/member-directory');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Member Directory');
    const cards = page.getByRole('list', { name: 'Members' }).getByRole('article');
    await cards.first().waitFor();
    // Public members only: the private one is not listed.
    expect(await cards.allInnerTexts()).toEqual([
      expect.stringContaining('Arthur N.'),
      expect.stringContaining('Dorothy P.'),
      expect.stringContaining('Margaret H.'),
    ]);
    const dorothy = cards.filter({ hasText: 'Dorothy P.' });
    // The name is a link and looks like one without hovering.
    const nameLink = dorothy.getByRole('link', { name: 'Dorothy P.' });
    expect(await nameLink.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    const text = await dorothy.innerText();
    for (const fact of [
      'Whitby',
      'Member since March 2023',
      '1 completed trade',
      '5.0 out of 5',
      'Harbours, lighthouses',
    ]) {
      expect(text).toContain(fact);
    }
    expect(await cards.filter({ hasText: 'Arthur N.' }).innerText()).toContain('New Member');
    await expectNoA11yViolations(page);
    await page.getByLabel('Search by name').fill('dor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'dor');
    await page.getByText('Showing 1 of 1 member').waitFor();

    await page.getByLabel('Search by name').fill('nobody-like-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { level: 2, name: 'No members found' }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Show all members' }).click();

    await page.getByRole('link', { name: 'Dorothy P.' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dorothy P.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/members/${dorothyId}`);
    for (const section of ['About me', 'Achievements', 'Puzzles on offer', 'Feedback from other members']) {
      expect(await page.getByRole('heading', { level: 2, name: section }).isVisible(), section).toBe(true);
    }
    expect(await page.getByText('Retired lifeboat volunteer.').isVisible()).toBe(true);
    const badges = page.locator('#achievements');
    expect(await badges.getByText('First Trade', { exact: true }).isVisible()).toBe(true);
    expect(await badges.getByText('First Listing', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: LISTING }).getAttribute('href')).toBe(`/puzzle/${listingId}`);
    const feedback = page.locator('#feedback');
    expect(await feedback.getByText('Packed like treasure.').isVisible()).toBe(true);
    expect(await feedback.getByText('5 out of 5 stars').isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // Wherever her name appears, it leads to her page: the listing's owner, the trade partner,
    // the conversation's header.
    const hers = `/members/${dorothyId}`;
    await page.getByRole('link', { name: LISTING }).click();
    await page.getByRole('heading', { level: 1, name: LISTING }).waitFor();
    expect(await page.getByRole('link', { name: 'Dorothy P.' }).getAttribute('href')).toBe(hers);
    await page.goto(`${server.url}/trades`);
    const trade = page.getByRole('article').filter({ hasText: 'Whitby Abbey at Dawn' });
    await trade.waitFor();
    expect(await trade.getByRole('link', { name: 'Dorothy P.' }).first().getAttribute('href')).toBe(hers);
    await page.goto(`${server.url}/messages`);
    await page
      .getByRole('region', { name: 'All conversations' })
      .getByRole('button', { name: /Trade request: Whitby Abbey at Dawn/ })
      .click();
    const header = page.getByRole('heading', { level: 2, name: 'Trade request: Whitby Abbey at Dawn' });
    await header.waitFor();
    expect(await page.getByText('With').getByRole('link', { name: 'Dorothy P.' }).getAttribute('href')).toBe(hers);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('a member page that is not there is not found', async () => {
    const context = await signedIn();
    // Chromium logs the page's 404 answer as a console error: expected here.
    const page = await open(context, '/members/999999', [{ text: /status of 404/, url: /\/api\/members\/999999$/ }]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Member not found');
    await expectNoA11yViolations(page);

    // Nor is a suspended member's page, while the suspension lasts (issue 23).
    const { memberId } = await server.createMemberSession('suspended.members@example.org', { firstName: 'Sidney' });
    await server.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Spam listings' })
      .where(eq(users.id, memberId));
    const url = new RegExp(`/api/members/${memberId}$`);
    const suspended = await open(context, `/members/${memberId}`, [{ text: /status of 404/, url }]);
    expect(await suspended.getByRole('heading', { level: 1 }).innerText()).toBe('Member not found');
    expect(await suspended.getByText('Sidney').count()).toBe(0);
    await context.close();
  });

  it('sets up the member page on the profile, and Largest text grows every page, on a 390 px phone too and on another device', async () => {
    const context = await signedIn();
    const page = await open(context, '/profile');
    const section = page.getByRole('region', { name: 'How other members see you' });
    await section.waitFor();
    const standard = await bodyFontSize(page);

    const welcome = section.getByLabel('Welcome message');
    await welcome.fill('Cottages and cats, please!');
    expect(await section.getByText('26/200 characters').isVisible()).toBe(true);
    await section.getByLabel('About me').fill('Retired teacher from Harrogate.');
    await section.getByRole('switch', { name: 'Show my town' }).uncheck();
    await section.getByRole('button', { name: 'Save member page' }).click();
    await expectToast(page, 'Member page saved');
    await expectNoA11yViolations(page);

    await section.getByRole('radio', { name: 'Largest' }).check();
    await expectToast(page, 'Text size saved', 'Largest text, on every device.');
    await page.waitForFunction((before) => parseFloat(getComputedStyle(document.body).fontSize) > before, standard);
    expect((await bodyFontSize(page)) / standard).toBeGreaterThanOrEqual(1.25);
    await expectNoA11yViolations(page);
    await context.close();

    // Another device, a phone: the same member's new session follows the saved size.
    const { token } = await createSession(server.database.db, me.memberId, false);
    const phone = await browser.newContext({ viewport: PHONE });
    await phone.addCookies([{ name: SESSION_COOKIE, value: token, url: server.url }]);
    for (const path of [
      '/',
      '/member-directory',
      `/members/${dorothyId}`,
      `/members/${me.memberId}`,
      '/profile',
      '/browse-puzzles',
      `/puzzle/${listingId}`,
    ]) {
      const screen = await open(phone, path);
      await screen.waitForFunction(() => document.documentElement.dataset.textSize === 'largest');
      expect((await bodyFontSize(screen)) / standard, path).toBeGreaterThanOrEqual(1.25);
      expect(await sidewaysOverflow(screen), `${path} scrolls sideways`).toEqual([]);
      if (path === `/members/${me.memberId}`) {
        // Their own page says what they saved, and hides the town they chose to hide.
        await screen.getByText('Cottages and cats, please!').waitFor();
        expect(await screen.getByText('Harrogate', { exact: true }).count()).toBe(0);
      }
      await expectNoA11yViolations(screen);
      await screen.close();
    }
    await phone.close();

    // Signed out, the browser's own size applies again.
    const visitor = await browser.newContext({ viewport: PHONE });
    const landing = await open(visitor, '/');
    expect(await bodyFontSize(landing)).toBe(standard);
    await visitor.close();
  });
});

async function bodyFontSize(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
}

/** What sticks out past the right edge of the screen (none when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((el) => {
        const right = Math.round(el.getBoundingClientRect().right);
        return `<${el.tagName.toLowerCase()}> '${(el.textContent ?? '').trim().slice(0, 40)}' ends at ${right}px`;
      });
  });
}
