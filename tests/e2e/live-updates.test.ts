import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { changeBalance } from '../../src/server/points/ledger';
import { drainNotices } from '../../src/server/notices/notices';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Live updates in real Chromium (docs/product/messages.md#live-updates): the PuzzlePoints balance follows the other
// party's trade steps; after the event stream drops, or the tab has been in the background
// (the stream is closed while hidden), what changed meanwhile shows without a reload; and a
// conversation open in a background tab is not marked read until the member looks at it.
//
// The pages run with two small stand-ins, installed before the app's own code: EventSource
// keeps a list of the streams the page opened, and document.visibilityState reads a value
// the test sets (headless Chromium never hides a tab by itself).

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };

type Member = { id: number; cookie: string; context: BrowserContext };

declare global {
  interface Window {
    __streams: EventSource[];
    /** Calls the page made to mark a conversation read. */
    __markReads: number;
    __visibility?: DocumentVisibilityState;
    __setVisibility(state: DocumentVisibilityState): void;
  }
}

function instrument() {
  const Native = window.EventSource;
  window.__streams = [];
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      window.__streams.push(this);
    }
  };
  window.__markReads = 0;
  const nativeFetch = window.fetch;
  window.fetch = (input, init) => {
    if (String(input).endsWith('/mark-read')) window.__markReads += 1;
    return nativeFetch(input, init);
  };
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => window.__visibility ?? 'visible',
  });
  Object.defineProperty(document, 'hidden', {
    configurable: true,
    get: () => (window.__visibility ?? 'visible') === 'hidden',
  });
  window.__setVisibility = (state) => {
    window.__visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

describe.skipIf(skipReason)('live updates', () => {
  let server: TestServer;
  let browser: Browser;
  /** The server side of every /api/events stream, so a test can cut them off. */
  const eventStreams = new Set<ServerResponse>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    server.app.server.on('request', (req, res: ServerResponse) => {
      if (!req.url?.startsWith('/api/events')) return;
      eventStreams.add(res);
      res.on('close', () => eventStreams.delete(res));
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function member(email: string, overrides: Parameters<TestServer['createMemberSession']>[1]): Promise<Member> {
    const { cookie, memberId } = await server.createMemberSession(email, overrides);
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([cookie]);
    await context.addInitScript(instrument);
    return { id: memberId, cookie: `${cookie.name}=${cookie.value}`, context };
  }

  /** A call as that member, straight to the server (the other party, not under test). */
  async function call(who: Member, method: 'GET' | 'POST', url: string, payload?: object) {
    const res = await server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The step's events and mails go out after its commit; let them.
    await drainNotices(server.ctx);
    return res.json();
  }

  async function open(who: Member, path: string, before?: (page: Page) => Promise<unknown>): Promise<Page> {
    const page = await newWatchedPage(who.context);
    page.setDefaultTimeout(10_000);
    await before?.(page);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  /** Streams the page holds: open (readyState 1), and opened in all. */
  const streams = (page: Page) =>
    page.evaluate(() => ({
      open: window.__streams.filter((s) => s.readyState === EventSource.OPEN).length,
      live: window.__streams.filter((s) => s.readyState !== EventSource.CLOSED).length,
      total: window.__streams.length,
    }));
  const setVisibility = (page: Page, state: DocumentVisibilityState) =>
    page.evaluate((s) => window.__setVisibility(s), state);

  let n = 0;
  async function pair(requesterPoints: number) {
    n += 1;
    const requester = await member(`rita.${n}@example.org`, {
      firstName: 'Rita',
      lastName: 'Reader',
      points: requesterPoints,
    });
    const owner = await member(`olive.${n}@example.org`, { firstName: 'Olive', lastName: 'Owens' });
    return { requester, owner };
  }

  it("updates the balance after the other party's step, and the Request dialog reads it afresh", async () => {
    const { requester, owner } = await pair(5);
    const db = server.database.db;
    const first = await createListing(db, owner.id, { title: 'Lighthouse at Dusk', puzzlePoints: 3 });
    const second = await createListing(db, owner.id, { title: 'Harbour in Spring', puzzlePoints: 3 });
    const trade = await call(requester, 'POST', '/api/trade-requests', { puzzleListingId: first.id });

    const page = await open(requester, `/trades?trade=${trade.id}`);
    await page.getByText('You have 5 PuzzlePoints to spend.').waitFor();
    await expect.poll(async () => (await streams(page)).open).toBe(1);

    // The owner accepts elsewhere: 3 points are held, and the page says so without a reload.
    await call(owner, 'POST', `/api/trade-requests/${trade.id}/accept`);
    await page.getByText('You have 2 PuzzlePoints to spend.').waitFor({ timeout: 5000 });
    await page.locator(`#trade-${trade.id}`).getByText('Accepted – the owner will post it').waitFor();

    // Points arrive with no live event at all (as when one was missed): the page still shows 2,
    // but the Request dialog asks again as it opens, so no false 'Insufficient puzzle points'.
    await db.transaction((tx) => changeBalance(tx, { userId: requester.id, amount: 5, reason: 'admin_grant' }));
    await page.getByRole('banner').getByRole('link', { name: 'Browse', exact: true }).click();
    await page.getByRole('button', { name: `Request ${second.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Puzzle' });
    await dialog.getByRole('button', { name: 'Send Request' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.innerText()).toContain('you have 7 PuzzlePoints');
    await expectNoA11yViolations(page);
    await requester.context.close();
    await owner.context.close();
  });

  it('closes the stream while the tab is hidden, and catches up when it is shown again', async () => {
    const { requester, owner } = await pair(10);
    const listing = await createListing(server.database.db, owner.id, { title: 'Snowy Owl', puzzlePoints: 3 });
    const trade = await call(requester, 'POST', '/api/trade-requests', { puzzleListingId: listing.id });
    const page = await open(requester, `/trades?trade=${trade.id}`);
    const card = page.locator(`#trade-${trade.id}`);
    await card.getByText('Waiting for the owner to answer').waitFor();
    await expect.poll(async () => (await streams(page)).open).toBe(1);

    await setVisibility(page, 'hidden');
    expect(await streams(page)).toMatchObject({ live: 0, total: 1 });
    await expect.poll(() => eventStreams.size).toBe(0);

    // Meanwhile the owner accepts: no stream, no event; the hidden page has not changed. `call`
    // returns once the step's events have gone out, and the page asked nothing meanwhile, so
    // nothing can have reached it.
    const asked: string[] = [];
    const recordCall = (r: { url(): string }) => {
      if (r.url().includes('/api/')) asked.push(r.url());
    };
    page.on('request', recordCall);
    await call(owner, 'POST', `/api/trade-requests/${trade.id}/accept`);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    page.off('request', recordCall);
    expect(asked).toEqual([]);
    expect(await card.getByText('Waiting for the owner to answer').count()).toBe(1);
    expect(await streams(page)).toMatchObject({ live: 0, total: 1 });

    // Shown again: a new stream, and what happened meanwhile is fetched.
    await setVisibility(page, 'visible');
    await card.getByText('Accepted – the owner will post it').waitFor({ timeout: 5000 });
    await page.getByText('You have 7 PuzzlePoints to spend.').waitFor();
    expect(await streams(page)).toMatchObject({ open: 1, total: 2 });
    await requester.context.close();
    await owner.context.close();
  });

  it('after the server drops the stream, it reconnects and shows what changed meanwhile', async () => {
    const { requester, owner } = await pair(10);
    const listing = await createListing(server.database.db, owner.id, { title: 'Eilean Donan', puzzlePoints: 4 });
    const trade = await call(requester, 'POST', '/api/trade-requests', { puzzleListingId: listing.id });
    const page = await open(requester, `/trades?trade=${trade.id}`);
    const card = page.locator(`#trade-${trade.id}`);
    await card.getByText('Waiting for the owner to answer').waitFor();
    await expect.poll(async () => (await streams(page)).open).toBe(1);

    // Cut every stream off, then change things before the browser's retry (3 s) is due.
    for (const res of eventStreams) res.destroy();
    await expect.poll(async () => (await streams(page)).open).toBe(0);
    await call(owner, 'POST', `/api/trade-requests/${trade.id}/decline`, { reason: 'Promised to my sister.' });
    expect(await card.getByText('Waiting for the owner to answer').count()).toBe(1);

    await card.getByText('Declined', { exact: true }).first().waitFor({ timeout: 8000 });
    expect(await card.innerText()).toContain('Promised to my sister.');
    // The notifications badge caught up too.
    await page.getByRole('link', { name: 'Notifications (1 unread)' }).waitFor();
    await requester.context.close();
    await owner.context.close();
  });

  it('does not mark a conversation read while its tab is in the background', async () => {
    const { requester: asker, owner } = await pair(5);
    const listing = await createListing(server.database.db, owner.id, { title: 'Sunflowers' });
    const thread = await call(asker, 'POST', '/api/message-threads', {
      subject: 'Question about: Sunflowers',
      puzzleListingId: listing.id,
      recipientId: owner.id,
      initialMessage: 'Did it come with a poster?',
    });
    const unread = async () => (await call(owner, 'GET', '/api/messages/unread-count')).count as number;
    expect(await unread()).toBe(1);

    // Opened straight into a background tab (a link opened in a new tab).
    const page = await open(owner, `/messages?thread=${thread.id}`, (p) =>
      p.addInitScript(() => {
        window.__visibility = 'hidden';
      }),
    );
    const messages = page.getByRole('region', { name: 'Messages in this conversation' });
    await messages.getByText('Did it come with a poster?').waitFor();
    // Marking read would start in the effects of the render that showed the messages; let
    // them run (one task), then no call may have been made.
    expect(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(window.__markReads))))).toBe(0);
    expect(await unread()).toBe(1);
    expect((await streams(page)).total).toBe(0);

    // The member comes to the tab: now it is read, and the badge goes.
    await setVisibility(page, 'visible');
    await expect.poll(unread).toBe(0);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Messages/ })
      .getByText(/unread message/)
      .waitFor({ state: 'detached' });
    await asker.context.close();
    await owner.context.close();
  });
});
