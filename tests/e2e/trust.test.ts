import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { apiAs, browserMember, startTestServer, type BrowserMember, type TestServer } from '../support/server';

// Trust between strangers (docs/product/trust.md), in real Chromium: the owner sees 'New member'
// and the requester's record and accepts, then is asked to post by a date; a requester confirms
// arrival with 2 pieces missing and sees the points back; the owner's member page shows the
// record in words; the owner says they are away and their puzzle's page says so. axe on each
// new page state, at 390 px and 1280 px.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(skipReason)('trust between strangers', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageFor(who: BrowserMember): Promise<Page> {
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([who.cookie]);
    return newWatchedPage(context);
  }

  async function go(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }

  /** axe at both widths, ending wide. */
  async function checkBothWidths(page: Page): Promise<void> {
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await expectNoA11yViolations(page);
    }
  }

  it('new member, posting deadline, arrival with pieces missing, the record in words, and away', async () => {
    const db = server.database.db;
    const owner = await browserMember(server, 'olive.trust@example.org', {
      firstName: 'Olive',
      lastName: 'Owens',
      completedTrades: 1,
    });
    const requester = await browserMember(server, 'rita.trust@example.org', {
      firstName: 'Rita',
      lastName: 'Reader',
      completedTrades: 1,
      points: 20,
    });
    const newcomer = await browserMember(server, 'nina.trust@example.org', { firstName: 'Nina', lastName: 'New' });
    const sent = await createListing(db, owner.id, { title: 'Harbour Lights', puzzlePoints: 4 });
    const asked = await createListing(db, owner.id, { title: 'Bluebell Wood', puzzlePoints: 2 });
    const later = await createListing(db, owner.id, { title: 'Snowy Fells', puzzlePoints: 3 });

    // The first trade is sent (through the API: this journey is about what follows).
    const trade = await apiAs(server, requester, 'POST', '/api/trade-requests', { puzzleListingId: sent.id });
    await apiAs(server, owner, 'POST', `/api/trade-requests/${trade.id}/accept`);
    await apiAs(server, owner, 'POST', `/api/trade-requests/${trade.id}/ship`, { trackingNumber: 'RM123' });
    const ask = await apiAs(server, newcomer, 'POST', '/api/trade-requests', { puzzleListingId: asked.id });

    // The owner sees 'New member' and the newcomer's record beside the request, accepts, and is
    // asked to post it by a date.
    const o = await pageFor(owner);
    await go(o, `/trades?trade=${ask.id}`);
    const card = o.locator(`#trade-${ask.id}`);
    await card.getByText('New member', { exact: true }).waitFor();
    expect(await card.innerText()).toContain('Posted within 3 days: 0 of 0');
    expect(await card.innerText()).toContain('Not posted in time: 0');
    await checkBothWidths(o);
    await card.getByRole('button', { name: 'Accept' }).click();
    await o.getByRole('dialog').getByRole('button', { name: 'Yes, accept' }).click();
    await card.getByText(/^Please post it by \d{1,2} [A-Z][a-z]{2}/).waitFor();
    await checkBothWidths(o);

    // The requester, on a phone, confirms arrival with 2 pieces missing and sees the points back.
    const r = await pageFor(requester);
    await r.setViewportSize(PHONE);
    await go(r, `/trades?trade=${trade.id}`);
    const mine = r.locator(`#trade-${trade.id}`);
    await mine.getByRole('button', { name: "I've received it" }).click();
    const dialog = r.getByRole('dialog');
    await dialog.getByLabel('Was it complete? (required)').waitFor();
    expect(await dialog.innerText()).toContain('The listing said it was complete.');
    await expectNoA11yViolations(r);
    await dialog.getByLabel('Was it complete? (required)').selectOption('missing_pieces');
    await dialog.getByRole('button', { name: "Yes, I've received it" }).click();
    // Without a number, the domain's own message under the field.
    await dialog.getByText('Please say how many pieces are missing').waitFor();
    await expectNoA11yViolations(r);
    await dialog.getByLabel('How many pieces are missing? (optional)').fill('2');
    await dialog.getByRole('button', { name: "Yes, I've received it" }).click();
    await r
      .locator('li.toast')
      .filter({ hasText: '2 PuzzlePoints came back to you for the missing pieces.' })
      .waitFor();
    await mine
      .getByText('You found 2 pieces missing, more than the listing said. 2 PuzzlePoints came back to you.')
      .waitFor();
    await checkBothWidths(r);

    // The owner's member page shows the record in words.
    await go(r, `/members/${owner.id}`);
    const record = r.getByRole('region', { name: 'Trading record' });
    await record.getByText('Posted within 3 days: 1 of 1').waitFor();
    await record.getByText('Arrived as described: 0 of 1').waitFor();
    await record.getByText('Not posted in time: 0').waitFor();
    await checkBothWidths(r);

    // The owner says they are away, on their profile.
    await go(o, '/profile');
    const away = o.getByRole('region', { name: 'I am away' });
    const back = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await away.getByLabel('Back on').fill(back);
    await away.getByRole('button', { name: 'I am away' }).click();
    await away.getByText(/^You are away until /).waitFor();
    await checkBothWidths(o);

    // Their puzzle's page and member page say so; the puzzle cannot be requested meanwhile.
    await go(r, `/puzzle/${later.id}`);
    await r.getByText(/^Olive O\. is away until \d{1,2} [A-Z][a-z]{2}/).waitFor();
    expect(await r.getByRole('button', { name: 'Request Puzzle' }).count()).toBe(0);
    await checkBothWidths(r);
    await go(r, `/members/${owner.id}`);
    await r.getByText(/^Away until \d{1,2} [A-Z][a-z]{2}/).waitFor();
    await checkBothWidths(r);
  }, 120_000);
});
