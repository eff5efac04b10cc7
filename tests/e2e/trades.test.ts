import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expectFormAlert } from '../support/accounts-ui';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// A whole trade between two members, each in their own browser (issue 6): the requester
// asks through /trades?request=…, the owner accepts, sees the address and the packing slip,
// marks it sent with tracking; the requester sees the tracking, confirms receipt; both rate
// each other; the PuzzlePoints history shows the points moving. axe on every state.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };

describe.skipIf(skipReason)('a trade from request to feedback', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const dialog = (page: Page) => page.getByRole('dialog');

  async function openAs(
    email: string,
    overrides: Parameters<TestServer['createMemberSession']>[1],
    expected: ExpectedConsoleError[] = [],
  ) {
    const { cookie, memberId } = await server.createMemberSession(email, overrides);
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([cookie]);
    const page = await newWatchedPage(context, expected);
    return { page, memberId, cookie: `${cookie.name}=${cookie.value}` };
  }

  /** Opens path; the page is ready when its h1 shows (or, for ?request=, the dialog over it). */
  async function go(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    if (path.includes('request=')) await dialog(page).waitFor();
    else await page.getByRole('heading', { level: 1 }).waitFor();
  }

  async function expectToast(page: Page, title: string): Promise<void> {
    await page.locator('li.toast').filter({ hasText: title }).first().waitFor();
  }

  it('moves the puzzle, the points and the feedback between the two members', async () => {
    const owner = await openAs('olive.owner@example.org', { firstName: 'Olive', lastName: 'Owens', points: 5 });
    const requester = await openAs(
      'rita.reader@example.org',
      {
        firstName: 'Rita',
        lastName: 'Reader',
        line_1: '7 Mill Road',
        town_or_city: 'Ambleside',
        postcode: 'LA22 9DH',
        points: 10,
      },
      // The second request for the same puzzle is refused on purpose (409).
      [{ text: /status of 409/, url: /\/api\/trade-requests$/ }],
    );
    const listing = await createListing(server.database.db, owner.memberId, {
      title: 'Lighthouse at Dusk',
      puzzlePoints: 3,
      missingPieces: 2,
    });

    // The requester asks for the puzzle through the deep link.
    const r = requester.page;
    await go(r, `/trades?request=${listing.id}`);
    await dialog(r).getByRole('heading', { name: 'Request Puzzle' }).waitFor();
    expect(await dialog(r).innerText()).toContain('Lighthouse at Dusk');
    await expectNoA11yViolations(r);
    await dialog(r).getByLabel('Comments for the owner (optional)').fill('We would love this one for the winter.');
    expect(await dialog(r).getByText('38/500 characters').isVisible()).toBe(true);
    await dialog(r).getByRole('button', { name: 'Send Request' }).click();
    await expectToast(r, 'Trade Request Sent!');
    expect(await r.locator('li.toast').innerText()).toContain(
      "Your request has been sent to the puzzle owner. You'll receive a message when they respond.",
    );
    await r.waitForURL(/\/trades\?trade=\d+$/);
    const tradeId = Number(new URL(r.url()).searchParams.get('trade'));
    const requesterCard = r.locator(`#trade-${tradeId}`);
    await requesterCard.getByText('Waiting for the owner to answer').waitFor();
    expect(await r.getByRole('tab', { name: 'Requests I made (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(await requesterCard.getByRole('button', { name: 'Cancel request' }).isVisible()).toBe(true);
    await expectNoA11yViolations(r);

    // A second request for the same puzzle is refused by the server, with its message.
    await go(r, `/trades?request=${listing.id}`);
    await dialog(r).getByRole('button', { name: 'Send Request' }).click();
    await expectFormAlert(dialog(r), 'Request Failed');
    await r.keyboard.press('Escape');

    // The owner is told, answers, and sees where to post it.
    const o = owner.page;
    await go(o, '/notifications');
    await o.getByRole('link', { name: 'Notifications (1 unread)' }).waitFor();
    await o.getByText('New', { exact: true }).first().waitFor();
    await expectNoA11yViolations(o);
    await o.getByRole('main').getByRole('link').first().click();
    await o.waitForURL(new RegExp(`/trades\\?trade=${tradeId}$`));
    const ownerCard = o.locator(`#trade-${tradeId}`);
    await ownerCard.getByText('Waiting for your answer').waitFor();
    expect(await o.getByRole('tab', { name: 'Requests for my puzzles (1)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await ownerCard.innerText()).toContain('We would love this one for the winter.');
    expect(await ownerCard.getByText('7 Mill Road').count()).toBe(0);
    await expectNoA11yViolations(o);

    await ownerCard.getByRole('button', { name: 'Accept' }).click();
    await dialog(o).getByRole('button', { name: 'Yes, accept' }).click();
    await expectToast(o, 'Request accepted');
    await ownerCard.getByText('7 Mill Road').waitFor();
    expect(await ownerCard.getByText('Rita Reader').isVisible()).toBe(true);
    await expectNoA11yViolations(o);

    // The print view: the address in large type, the trade number, the puzzle, the missing pieces.
    await ownerCard.getByRole('button', { name: 'Print address label and packing slip' }).click();
    const slip = dialog(o);
    await slip.getByRole('heading', { name: `Packing slip – Trade #${tradeId}` }).waitFor();
    const slipText = await slip.innerText();
    expect(slipText).toContain('Lighthouse at Dusk');
    expect(slipText).toContain('2 pieces missing');
    expect(slipText).toContain('LA22 9DH');
    await expectNoA11yViolations(o);
    await slip.getByRole('button', { name: 'Close' }).first().click();

    // Sent, with tracking.
    await ownerCard.getByRole('button', { name: 'Mark as sent' }).click();
    await dialog(o).getByLabel('Carrier (optional)').fill('Royal Mail');
    await dialog(o).getByLabel('Tracking number (optional)').fill('RM123456789GB');
    await expectNoA11yViolations(o);
    await dialog(o).getByRole('button', { name: 'Mark as sent' }).click();
    await expectToast(o, 'Marked as sent');
    await ownerCard.getByText('Sent – waiting for them to receive it').waitFor();

    // The requester sees the tracking and confirms receipt.
    await go(r, `/trades?trade=${tradeId}`);
    await requesterCard.getByText('RM123456789GB').waitFor();
    expect(await requesterCard.getByText('Royal Mail').isVisible()).toBe(true);
    expect(await requesterCard.getByText('7 Mill Road').count()).toBe(0);
    await expectNoA11yViolations(r);
    await requesterCard.getByRole('button', { name: "I've received it" }).click();
    await dialog(r).getByRole('button', { name: "Yes, I've received it" }).click();
    await expectToast(r, 'Trade completed');

    // Feedback: the product's message, then five stars.
    await requesterCard.getByRole('button', { name: 'Send feedback' }).waitFor();
    await requesterCard.getByRole('radio', { name: '5 stars – Excellent' }).check();
    await requesterCard.getByRole('button', { name: 'Send feedback' }).click();
    await requesterCard.getByText('Comment is required').waitFor();
    await expectNoA11yViolations(r);
    await requesterCard.getByLabel('Comment', { exact: true }).fill('Beautifully packed, every piece there.');
    await requesterCard.getByRole('button', { name: 'Send feedback' }).click();
    await expectToast(r, 'Feedback sent');
    await requesterCard.getByText('Olive O. has not left feedback yet.').waitFor();

    await go(o, `/trades?trade=${tradeId}`);
    await ownerCard.getByRole('radio', { name: '4 stars – Very good' }).check();
    await ownerCard.getByLabel('Comment', { exact: true }).fill('Quick to answer, lovely to trade with.');
    await ownerCard.getByRole('button', { name: 'Send feedback' }).click();
    await expectToast(o, 'Feedback sent');
    // Both have rated: each now sees what they received.
    await ownerCard.getByText('Feedback from Rita R.').waitFor();
    expect(await ownerCard.getByText('5 out of 5 stars').isVisible()).toBe(true);
    expect(await ownerCard.getByRole('button', { name: 'Respond' }).isVisible()).toBe(true);
    await expectNoA11yViolations(o);

    // The points moved: 10 - 3 for the requester, 5 + 3 for the owner.
    const ownerHistory = o.getByTestId('points-history');
    expect(await ownerHistory.locator('li').first().innerText()).toMatch(
      /Received for a trade[\s\S]*\+3[\s\S]*Balance after: 8 PuzzlePoints/,
    );
    expect(await o.getByText('You have 8 PuzzlePoints to spend.').isVisible()).toBe(true);

    await go(r, `/trades?trade=${tradeId}`);
    await requesterCard.getByText('Feedback from Olive O.').waitFor();
    expect(await requesterCard.getByText('4 out of 5 stars').isVisible()).toBe(true);
    const requesterHistory = r.getByTestId('points-history');
    expect(await requesterHistory.locator('li').first().innerText()).toMatch(
      /Held for a trade[\s\S]*-3[\s\S]*Balance after: 7 PuzzlePoints/,
    );
    expect(await r.getByText('You have 7 PuzzlePoints to spend.').isVisible()).toBe(true);
    await expectNoA11yViolations(r);
  }, 90_000);

  it('names each trade’s address, postage and feedback after the trade, so no two landmarks share a name', async () => {
    const owner = await openAs('oscar.owner@example.org', { firstName: 'Oscar', lastName: 'Oakes' });
    // Four open requests at once: a member who has traded before (a new one may have 3, docs/product/trust.md).
    const requester = await server.createMemberSession('rhoda.reader@example.org', {
      firstName: 'Rhoda',
      points: 20,
      completedTrades: 1,
    });
    const as = (cookie: { name: string; value: string }) => ({ cookie: `${cookie.name}=${cookie.value}` });
    const post = async (url: string, who: { cookie: string }, payload: object = {}) => {
      const res = await server.app.inject({ method: 'POST', url, payload, headers: who });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { id: number };
    };
    // Four trades: two sent (address and postage shown to the owner), two completed (feedback).
    const ids: number[] = [];
    for (const title of ['Bluebell Wood', 'Tower Bridge', 'Puffins', 'Tea Party']) {
      const listing = await createListing(server.database.db, owner.memberId, { title, puzzlePoints: 2 });
      const { id } = await post('/api/trade-requests', as(requester.cookie), { puzzleListingId: listing.id });
      const ownerCookie = { cookie: owner.cookie };
      await post(`/api/trade-requests/${id}/accept`, ownerCookie);
      await post(`/api/trade-requests/${id}/ship`, ownerCookie, { carrierName: 'Royal Mail' });
      ids.push(id);
    }
    for (const id of ids.slice(2)) await post(`/api/trade-requests/${id}/confirm-delivery`, as(requester.cookie));

    const o = owner.page;
    await go(o, '/trades');
    await o.getByRole('tab', { name: 'Requests for my puzzles (4)' }).click();
    for (const id of ids.slice(0, 2)) {
      await o.getByRole('region', { name: `Postal address for Trade #${id}` }).waitFor();
      await o.getByRole('region', { name: `Postage for Trade #${id}` }).waitFor();
    }
    for (const id of ids.slice(2)) {
      await o
        .getByRole('region', { name: `Feedback for Trade #${id}` })
        .getByRole('button', { name: 'Send feedback' })
        .waitFor();
    }
    const landmarks = await new AxeBuilder({ page: o }).withRules(['landmark-unique']).analyze();
    expect(landmarks.violations.map((v) => v.nodes.map((node) => node.target.join(' ')))).toEqual([]);
    expect(landmarks.passes.map((p) => p.id)).toContain('landmark-unique');
    await expectNoA11yViolations(o);
    await o.context().close();
  }, 30_000);
});
