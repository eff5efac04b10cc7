import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { communityPosts } from '../../src/server/db/schema';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The member home at / (docs/product/screens.md#member-home): spinner, welcome panel, and
// the five cards with the member's real figures, in real Chromium against the real app.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(skipReason)('the member home', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageFor(email: string, overrides: Parameters<TestServer['createMemberSession']>[1] = {}) {
    const { cookie, memberId } = await server.createMemberSession(email, overrides);
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([cookie]);
    return { page: await newWatchedPage(context), memberId };
  }

  const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

  /** The figure next to a term in a card's list. */
  async function figure(region: Locator, term: string): Promise<string> {
    return region.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').innerText();
  }

  it('shows a spinner, then the cards with the member’s own figures, and Edit Profile for a complete profile', async () => {
    const { page, memberId } = await pageFor('busy.trader@example.org', {
      createdAt: new Date('2024-03-15T10:00:00Z'),
      joinedAt: new Date('2024-03-15T10:00:00Z'),
    });
    const db = server.database.db;
    const older = await createListing(db, memberId, {
      title: 'Lighthouse at Dusk',
      createdAt: new Date(Date.now() - 10 * DAY),
    });
    const newer = await createListing(db, memberId, { title: 'Harbour in Spring' });
    await createListing(db, memberId, { title: 'Unfinished Draft', status: 'draft' });
    const [post] = await db
      .insert(communityPosts)
      .values({
        userId: memberId,
        title: 'Sorting edge pieces first?',
        content: 'How do you all start a 2000-piece puzzle?',
        category: 'tips',
      })
      .returning({ id: communityPosts.id });

    // The figures are held back until the test has seen the spinner.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stats', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
    expect(await page.getByRole('region', { name: 'Trading Activity' }).count()).toBe(0);
    release();

    const trading = card(page, 'Trading Activity');
    await trading.waitFor();
    expect(await figure(trading, 'Puzzles Listed')).toBe('2');
    expect(await figure(trading, 'Successful Trades')).toBe('0');
    expect(await figure(trading, 'Member Rating')).toBe('New Member');
    expect(await trading.getByText('PuzzlePoints balance:').locator('xpath=..').innerText()).toBe(
      'PuzzlePoints balance: 5 PuzzlePoints',
    );

    const profile = card(page, 'Your Profile');
    for (const text of ['Margaret Hughes', 'Harrogate, HG1 2AB', 'Member since March 2024']) {
      expect(await profile.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    const editProfile = profile.getByRole('link', { name: 'Edit Profile' });
    expect(await editProfile.getAttribute('href')).toBe('/profile?edit=true');

    const quick = card(page, 'Quick Actions');
    const quickLinks = await quick.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(quickLinks).toEqual(['/list-puzzle', '/browse-puzzles', '/messages']);

    // Newest first; under a week old reads relative, older the activity date format.
    const activity = card(page, 'Recent Activity');
    const items = activity.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).getByRole('link').innerText()).toBe('Listed "Harbour in Spring"');
    expect(await items.nth(0).getByRole('link').getAttribute('href')).toBe(`/puzzle/${newer.id}`);
    expect(await items.nth(0).locator('time').innerText()).toMatch(/ago$/);
    expect(await items.nth(1).getByRole('link').getAttribute('href')).toBe(`/puzzle/${older.id}`);
    expect(await items.nth(1).locator('time').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}$/);

    const community = card(page, 'Community Highlights');
    expect(await community.getByText(/available to trade$/).innerText()).toBe('2 puzzles available to trade');
    expect(await community.getByText(/in the club$/).innerText()).toMatch(/^\d+ members? in the club$/);
    // Each latest post opens that post, not the forum's first page.
    expect(await community.getByRole('link', { name: 'Sorting edge pieces first?' }).getAttribute('href')).toBe(
      `/community?post=${post!.id}`,
    );
    expect(await community.getByText(/^Tips & Tricks · /).isVisible()).toBe(true);
    for (const [name, href] of [
      ['Visit the Community', '/community'],
      ['Manage My Listings', '/my-listings'],
      ['Update My Profile', '/profile'],
    ]) {
      expect(await community.getByRole('link', { name }).getAttribute('href'), name).toBe(href);
    }
    await expectNoA11yViolations(page);
  });

  it("lists what waits on the member in 'What to do next', each linked to its trade, and all their trades", async () => {
    const { page, memberId } = await pageFor('owner.next@example.org');
    const requester = await server.createMemberSession('rita.next@example.org', {
      firstName: 'Rita',
      lastName: 'Reader',
    });
    const listing = await createListing(server.database.db, memberId, { title: 'Lighthouse at Dusk' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trade-requests',
      payload: { puzzleListingId: listing.id },
      headers: { cookie: `${requester.cookie.name}=${requester.cookie.value}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tradeId = res.json().id as number;

    await page.goto(`${server.url}/`);
    const next = card(page, 'What to do next');
    const task = next.getByRole('link', { name: "Answer Rita R.'s request for “Lighthouse at Dusk”" });
    await task.waitFor();
    expect(await task.getAttribute('href')).toBe(`/trades?trade=${tradeId}`);
    expect(await next.getByText('Nothing to do right now').count()).toBe(0);
    await expectNoA11yViolations(page);

    await next.getByRole('link', { name: 'See all my trades' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Trades' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/trades');
  });

  it('shows the welcome panel until Continue to Dashboard, for the rest of the visit', async () => {
    const { page } = await pageFor('panel@example.org');
    await page.goto(`${server.url}/`);
    const panel = page.getByRole('region', { name: 'Getting started' });
    await panel.waitFor();
    const links = await panel
      .getByRole('link')
      .evaluateAll((list) => list.map((a) => [a.querySelector('h3')?.textContent, a.getAttribute('href')]));
    // Complete Your Profile is not offered: this member's profile is complete (issue 14).
    expect(links).toEqual([
      ['Browse Puzzles', '/browse-puzzles'],
      ['Start Trading', '/list-puzzle'],
    ]);
    await expectNoA11yViolations(page);

    await panel.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await panel.waitFor({ state: 'hidden' });
    // The keyboard lands on the dashboard, not at the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your dashboard');
    expect(await card(page, 'Your Profile').isVisible()).toBe(true);

    await page.reload();
    await card(page, 'Your Profile').waitFor();
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    await expectNoA11yViolations(page);
  });

  it('shows a new member New Member, No recent activity yet and Complete Profile', async () => {
    const { page } = await pageFor('newcomer@example.org', {
      line_1: null,
      town_or_city: null,
      postcode: null,
      phone: null,
      profileCompleted: false,
    });
    await page.goto(`${server.url}/`);
    const trading = card(page, 'Trading Activity');
    await trading.waitFor();
    expect(await figure(trading, 'Puzzles Listed')).toBe('0');
    expect(await figure(trading, 'Member Rating')).toBe('New Member');
    expect(await card(page, 'Recent Activity').getByText('No recent activity yet', { exact: true }).isVisible()).toBe(
      true,
    );
    // Nothing waits on a newcomer, and the card still leads to their trades.
    const next = card(page, 'What to do next');
    // The card fetches on its own: wait for its answer rather than read it at once.
    await next.getByText('Nothing to do right now').waitFor();
    expect(await next.getByRole('link', { name: 'See all my trades' }).getAttribute('href')).toBe('/trades');
    const profile = card(page, 'Your Profile');
    expect(await profile.getByText('Location not added yet').isVisible()).toBe(true);
    expect(await profile.getByRole('link', { name: 'Edit Profile' }).count()).toBe(0);
    const complete = profile.getByRole('link', { name: 'Complete Profile' });
    expect(await complete.getAttribute('href')).toBe('/profile?edit=true');
    await expectNoA11yViolations(page);

    await complete.click();
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save Profile' }).isVisible()).toBe(true);
    expect(await page.getByText('Incomplete', { exact: true }).isVisible()).toBe(true);
  });
});
