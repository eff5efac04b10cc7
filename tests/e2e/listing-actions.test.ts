import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { noNotices } from '../../src/server/notices/notices';
import { applyTradeCommand, requestTrade } from '../../src/server/trades/trade-life-cycle-service';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The listings pages' Request and Contact Owner buttons open the trades and messages
// features' dialogs (joined in src/web/router.tsx), on the browse cards and the detail page.
// A listing an accepted trade holds offers no Request anywhere and says why in words, and its
// owner is offered no change the server would refuse.

const skipReason = inject('skipBrowserReason');
const TITLE = 'Harbour Lights at Dusk';
const HELD = 'Reserved Windmill at Kinderdijk';

describe.skipIf(skipReason)('Request and Contact Owner on a listing', () => {
  let server: TestServer;
  let browser: Browser;
  let member: BrowserContext;
  let ownerContext: BrowserContext;
  let listingId: number;
  let heldId: number;
  let ownerId: number;
  let askerId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const owner = await server.createMemberSession('owner.actions@example.org', { firstName: 'Olive' });
    ownerId = owner.memberId;
    const listing = await createListing(server.database.db, owner.memberId, { title: TITLE, puzzlePoints: 3 });
    listingId = listing.id;
    const me = await server.createMemberSession('asker.actions@example.org');
    askerId = me.memberId;
    heldId = (await createListing(server.database.db, owner.memberId, { title: HELD, puzzlePoints: 2 })).id;
    member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await member.addCookies([me.cookie]);
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ownerContext.addCookies([owner.cookie]);
  });

  /** The asker requests the listing and its owner accepts (trade-life-cycle-service.ts): it is held for the trade. */
  async function acceptTradeFor(id: number): Promise<void> {
    const deps = { db: server.database.db, notices: noNotices };
    const { trade } = await requestTrade(deps, { id: askerId }, { puzzleListingId: id, requestComments: null });
    await applyTradeCommand(deps, trade.id, { kind: 'member', id: ownerId }, { action: 'accept' });
  }

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, context = member, expected: ExpectedConsoleError[] = []): Promise<Page> {
    const page = await newWatchedPage(context, expected);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('opens Request Puzzle and Contact Owner from a browse card', async () => {
    const page = await open('/browse-puzzles');
    await page.getByRole('button', { name: `Request ${TITLE}` }).click();
    const request = page.getByRole('dialog', { name: 'Request Puzzle' });
    await request.waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Contact Owner of ${TITLE}` }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Owner' });
    await contact.waitFor();
    expect(await contact.getByLabel(/Subject/).inputValue()).toBe(`Question about: ${TITLE}`);
    await page.close();
  });

  it('opens them from the puzzle page too, and the request is sent', async () => {
    const page = await open(`/puzzle/${listingId}`);
    await page.getByRole('button', { name: 'Contact Owner' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Owner' });
    await contact.waitFor();
    await contact.getByRole('button', { name: 'Cancel' }).click();
    await contact.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Request Puzzle' }).click();
    const request = page.getByRole('dialog', { name: 'Request Puzzle' });
    await request.waitFor();
    await request.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Trade Request Sent!').first().waitFor();
    await page.close();
  });

  it('tells the owner why a change is refused, in the server’s words', async () => {
    // My Listings was opened before the trade was accepted: its Archive button is stale.
    // The refusal is a 409, which Chromium logs.
    const page = await open('/my-listings', ownerContext, [
      { text: /status of 409/, url: /\/api\/puzzle-listings\/\d+$/ },
    ]);
    const archive = page.getByRole('button', { name: `Archive: ${HELD}` });
    await archive.waitFor();
    await acceptTradeFor(heldId);
    await archive.click();
    const toast = page.locator('li.toast').filter({ hasText: 'Update failed' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(
      'This puzzle is part of a trade in progress, so it cannot be changed until the trade is finished.',
    );
    expect(await toast.innerText()).not.toContain('Failed to update listing status');
    // The list is read again and shows the listing as it now is.
    await page.getByText('Reserved: in a trade').waitFor();
    expect(await archive.count()).toBe(0);
    await expectNoA11yViolations(page);
    await page.close();
  });

  it('shows a listing held by a trade as reserved, with no Request, on browse and its page', async () => {
    const page = await open(`/browse-puzzles?q=${encodeURIComponent('windmill at kinderdijk')}`);
    const card = page.getByRole('article').filter({ hasText: HELD });
    await card.getByText('Reserved: in a trade').waitFor();
    expect(await card.getByRole('button', { name: /^Request/ }).count()).toBe(0);
    // Still a puzzle to ask about, favourite and share.
    expect(await card.getByRole('button', { name: `Contact Owner of ${HELD}` }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: `Add ${HELD} to favourites` }).isVisible()).toBe(true);
    // A free listing on the same page keeps its Request button.
    await page.goto(`${server.url}/browse-puzzles`);
    await page.getByRole('button', { name: `Request ${TITLE}` }).waitFor();
    expect(await page.getByRole('button', { name: `Request ${HELD}` }).count()).toBe(0);
    await expectNoA11yViolations(page);

    // The asker holds it: their page tells them about their own trade (issue 14), not 'another member'.
    await page.goto(`${server.url}/puzzle/${heldId}`);
    await page.getByRole('heading', { level: 1, name: HELD }).waitFor();
    await page.getByText(/^You asked for this on .+:/).waitFor();
    expect(await page.getByText('Another member is trading for this puzzle').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Request Puzzle' }).count()).toBe(0);
    await page.close();

    // Any other member sees it reserved, with no Request.
    const third = await server.createMemberSession('third.actions@example.org');
    const thirdContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await thirdContext.addCookies([third.cookie]);
    const other = await open(`/puzzle/${heldId}`, thirdContext);
    await other.getByRole('heading', { level: 1, name: HELD }).waitFor();
    expect(await other.getByText('Reserved: in a trade').isVisible()).toBe(true);
    expect(await other.getByText('Another member is trading for this puzzle').isVisible()).toBe(true);
    expect(await other.getByRole('button', { name: 'Request Puzzle' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Contact Owner' }).isVisible()).toBe(true);
    await expectNoA11yViolations(other);
    await thirdContext.close();
  });

  it('shows the owner their reserved listing as in a trade, with nothing they cannot do', async () => {
    const page = await open('/my-listings', ownerContext);
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: HELD }) })
      .first();
    await row.getByText('Reserved: in a trade').waitFor();
    expect(await row.getByText('Status: Live').isVisible()).toBe(true);
    expect(await row.getByText('A member is trading for this puzzle').isVisible()).toBe(true);
    for (const name of [`Make draft: ${HELD}`, `Archive: ${HELD}`]) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('link', { name: `Edit: ${HELD}` }).count()).toBe(0);
    expect(await page.getByRole('link', { name: `View: ${HELD}` }).isVisible()).toBe(true);
    // The free listing keeps all of them.
    expect(await page.getByRole('button', { name: `Archive: ${TITLE}` }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // On its own page the owner still sees it as theirs.
    await page.goto(`${server.url}/browse-puzzles`);
    const card = page.getByRole('article').filter({ hasText: HELD });
    await card.getByRole('button', { name: `View Your Puzzle: ${HELD}` }).waitFor();
    expect(await card.getByText('Reserved: in a trade').isVisible()).toBe(true);

    // And the edit page says why instead of offering a form the server would refuse.
    await page.goto(`${server.url}/list-puzzle?edit=${heldId}`);
    await page.getByRole('alert').filter({ hasText: 'part of a trade in progress' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    await page.close();
  });
});
