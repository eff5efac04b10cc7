import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations, newWatchedPage, preloadedPageChunks } from '../support/browser';
import { expectToast, startAccountsWorld, WIDE, type AccountsWorld } from '../support/accounts-ui';
import { createListing } from '../support/factories';

// Browsing before joining (docs/product/members.md#browsing-before-joining): a visitor uses the whole browse page and a puzzle's
// page signed out; Request, Contact Owner and the heart ask them to join or sign in, and
// either way they end up back on that puzzle: joining through the e-mailed link (caught by a
// real SMTP server), signing in on the page itself.

const skipReason = inject('skipBrowserReason');
const TITLE = 'Robin Hood Bay at Low Tide';
const OTHER = 'Bluebell Wood in May';

describe.skipIf(skipReason)('browsing before joining', () => {
  let world: AccountsWorld;
  let listingId: number;

  beforeAll(async () => {
    world = await startAccountsWorld();
    const owner = await world.server.createMemberSession('owner.public@example.org', {
      firstName: 'Gwendolyn',
      lastName: 'Ashby',
      town_or_city: 'Whitby',
    });
    listingId = (await createListing(world.server.database.db, owner.memberId, { title: TITLE, pieces: 1000 })).id;
    await createListing(world.server.database.db, owner.memberId, { title: OTHER, pieces: 500 });
  });
  afterAll(() => world?.close());

  async function visitorPage(): Promise<Page> {
    const context = await world.browser.newContext({ viewport: WIDE });
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** Presses `button` and expects the 'Join or sign in to …' question. */
  async function expectJoinPrompt(page: Page, button: string, action: string) {
    await page.getByRole('button', { name: button }).first().click();
    const prompt = page.getByRole('dialog', { name: `Join or sign in to ${action}` });
    await prompt.waitFor();
    return prompt;
  }

  it('a visitor browses and searches, opens a puzzle, presses Request, joins, and lands back on that puzzle', async () => {
    const page = await visitorPage();
    await page.goto(`${world.server.url}/browse-puzzles`);
    await page.getByRole('heading', { level: 1, name: 'Browse Puzzles' }).waitFor();
    await page.getByText('Showing 2 of 2 puzzles').waitFor();
    // The whole search and filter set, and the way in at the top.
    await page.getByRole('searchbox', { name: 'Search puzzles' }).fill('robin hood');
    await page.getByText('Showing 1 of 1 puzzles').waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).isVisible()).toBe(true);
    // The owner's name only as members see it, with the town they show; no link for a visitor.
    expect(await page.getByText('Gwendolyn A., Whitby').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Gwendolyn A.' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    // The heart asks first.
    const heart = await expectJoinPrompt(page, `Add ${TITLE} to favourites`, 'save puzzles to your favourites');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await heart.waitFor({ state: 'hidden' });

    // The card's title is a link and looks like one without hovering.
    const titleLink = page.getByRole('link', { name: TITLE });
    expect(await titleLink.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    await titleLink.click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/puzzle/${listingId}`);
    await expectJoinPrompt(page, 'Contact Owner', 'contact the owner');
    await page.keyboard.press('Escape');

    const prompt = await expectJoinPrompt(page, 'Request Puzzle', 'request this puzzle');
    await expectNoA11yViolations(page);
    await prompt.getByRole('button', { name: 'Join Now' }).click();
    const join = page.getByRole('dialog', { name: 'Join' });
    await join.waitFor();
    const email = 'new.visitor@example.org';
    await join.getByLabel('Email address').fill(email);
    await join.getByLabel(/I accept the club's/).check();
    await expectNoA11yViolations(page);
    await join.getByRole('button', { name: 'Send Verification Email' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registration Started!' }).waitFor();

    // The e-mailed link carries the puzzle's page back.
    const link = world.mail.linkIn(await world.mail.waitFor(email));
    expect(new URL(link).searchParams.get('returnTo')).toBe(`/puzzle/${listingId}`);
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('a long new password');
    await page.getByLabel('Confirm password').fill('a long new password');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL((url) => url.pathname === `/puzzle/${listingId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // Signed in now: Request opens the request itself (which asks for a complete profile first).
    await page.getByRole('button', { name: 'Request Puzzle' }).click();
    const request = page.getByRole('dialog', { name: 'Request Puzzle' });
    await request.waitFor();
    await request.getByText(/Complete your profile first/).waitFor();
    await expectNoA11yViolations(page);
  });

  it('a member who signs in from the question stays on the puzzle', async () => {
    await world.server.createMemberSession('returning.member@example.org', { firstName: 'Harold' });
    const page = await visitorPage();
    await page.goto(`${world.server.url}/puzzle/${listingId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const prompt = await expectJoinPrompt(page, 'Request Puzzle', 'request this puzzle');
    await prompt.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.waitFor();
    await signIn.getByLabel('Email address').fill('returning.member@example.org');
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Welcome back!', 'Successfully logged in as Harold');
    await signIn.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/puzzle/${listingId}`);
    // The owner's name now leads to their member page.
    expect(await page.getByRole('link', { name: 'Gwendolyn A.' }).getAttribute('href')).toMatch(/^\/members\/\d+$/);
    await expectNoA11yViolations(page);
  });
  // The first page's code is fetched before React's first draw (router.tsx, startFirstPage), so
  // the page is drawn straight over index.html's own spinner. A spinner of React's in between
  // (a page still loading its code) stayed up at least 300 ms (docs/performance.md, 'The first
  // draw held back 300 ms').
  it('a page loaded afresh is drawn straight over the page’s own spinner, with no other spinner between, and the code of browse, a puzzle’s page and Help preloaded', async () => {
    const page = await visitorPage();
    await page.addInitScript(() => {
      const added: string[] = [];
      Object.assign(window, { spinnersAdded: added });
      // index.html's own spinner is added by the parser, before React's first draw takes it out
      // of #root (the parser's records can come after the page has finished loading).
      let drawn = false;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target instanceof Element && record.target.id === 'root' && record.removedNodes.length > 0) {
            drawn = true;
          }
          if (!drawn) continue;
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            const statuses = [node, ...node.querySelectorAll('[role="status"]')];
            if (statuses.some((el) => el.getAttribute('role') === 'status' && el.textContent === 'Loading…')) {
              added.push(location.pathname);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // A puzzle's answer a little slower than its code, which the page's head preloads: the
    // first draw waits for it (router.tsx, warmUpPage) rather than drawing the page's spinner.
    await page.route(`**/api/puzzle-listings/${listingId}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
    // The chunks of the pages visitors arrive at from outside come with the entry, preloaded
    // by the page's head (static-client.ts, PAGE_PRELOADS), named from the build's own manifest.
    for (const [address, heading, preloaded] of [
      ['/browse-puzzles', 'Browse Puzzles', ['browse-puzzles-page', 'page-frame']],
      [`/puzzle/${listingId}`, TITLE, ['page-frame', 'puzzle-detail-page']],
      ['/help', 'Help', ['help-page', 'page-frame']],
      ['/privacy', 'Privacy', []],
      ['/contact', 'Contact the club', []],
    ] as const) {
      await page.goto(`${world.server.url}${address}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { spinnersAdded: string[] }).spinnersAdded)).toEqual([]);
      expect(await preloadedPageChunks(page, `${world.server.url}${address}`), address).toEqual([...preloaded]);
      await expectNoA11yViolations(page);
    }
  });
});
