import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { expectButtonsHoldTheirWords, expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// Wanted in the browser (docs/product/wanted.md): a member saves a search from browse, another
// lists a matching puzzle, the first sees it on the Wanted page and in the bell; two members
// wish for one puzzle, the first passes on the offer and the second requests it. axe on each
// new page state, on a phone (390 px) and a desktop (1280 px), and the page at 200% zoom.

const skipReason = inject('skipBrowserReason');
const WORD = 'Portmeirion';
const WISHED = 'Tintern Abbey in Autumn';

describe.skipIf(skipReason)('Wanted: saved searches and the wish list', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: Record<string, BrowserContext> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const people = [
      ['keen', 'keen.wanted@example.org', 1280],
      ['owner', 'owner.wanted@example.org', 1280],
      ['first', 'first.wanted@example.org', 390],
      ['second', 'second.wanted@example.org', 390],
    ] as const;
    for (const [name, email, width] of people) {
      const session = await server.createMemberSession(email, { firstName: name[0]!.toUpperCase() + name.slice(1) });
      ids[name] = session.memberId;
      contexts[name] = await browser.newContext({ viewport: { width, height: 900 } });
      await contexts[name].addCookies([session.cookie]);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(who: string, path: string): Promise<Page> {
    const page = await newWatchedPage(contexts[who]!);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  /** The owner lists a puzzle (as the form does), and the matching after the answer finishes. */
  async function list(title: string): Promise<number> {
    const res = await contexts.owner!.request.post(`${server.url}/api/puzzle-listings`, {
      headers: { origin: server.url },
      data: { title, pieces: 1000, condition: 'very_good', puzzlePoints: 3, status: 'active' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await afterReplyIdle(server.ctx);
    return ((await res.json()) as { id: number }).id;
  }

  it('saves a search from browse; a matching listing shows on the Wanted page and in the bell', async () => {
    const page = await open('keen', `/browse-puzzles?q=${WORD}`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name (optional)').fill('Welsh villages');
    await dialog.getByLabel('Only here on the site').check();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const title = `${WORD} from the Estuary`;
    const listingId = await list(title);

    await page.getByRole('link', { name: 'Wanted' }).first().click();
    await page.getByRole('heading', { name: 'My saved searches' }).waitFor();
    await page.getByText('1 new').waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Show matches for Welsh villages' }).click();
    await page.getByRole('heading', { name: 'Matches for “Welsh villages”' }).waitFor();
    await page.getByText(title).first().waitFor();
    await expectNoA11yViolations(page);

    await page.goto(`${server.url}/notifications`);
    await page.getByText(`A puzzle you are looking for: ${title}`).waitFor();
    await expectNoA11yViolations(page);
    await page.goto(`${server.url}/puzzle/${listingId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.close();
  });

  it('at 200% zoom, and on a phone and a desktop, every button on the page holds its words', async () => {
    const session = await server.createMemberSession('zoom.wanted@example.org', { firstName: 'Zoe' });
    for (const [viewport, deviceScaleFactor] of [
      [{ width: 640, height: 400 }, 2],
      [{ width: 390, height: 844 }, 1],
      [{ width: 1280, height: 800 }, 1],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      await context.addCookies([session.cookie]);
      const page = await newWatchedPage(context);
      await page.goto(`${server.url}/wanted`);
      await page.getByRole('button', { name: 'Add to my wish list' }).waitFor();
      await expectButtonsHoldTheirWords(page);
      await expectNoA11yViolations(page);
      await context.close();
    }
  });

  it('two in line: the first passes on the offer, the second requests the puzzle (phone)', async () => {
    const first = await open('first', '/wanted');
    await first.getByLabel('Puzzle title').fill(WISHED);
    await first.getByRole('button', { name: 'Add to my wish list' }).click();
    await first.getByText('You are first in line').waitFor();
    await expectNoA11yViolations(first);

    const second = await open('second', '/wanted');
    await second.getByLabel('Puzzle title').fill(WISHED.toUpperCase());
    await second.getByRole('button', { name: 'Add to my wish list' }).click();
    await second.getByText('You are 2nd in line').waitFor();

    const listingId = await list(WISHED);
    await first.reload();
    await first.getByText(/A copy is offered to you first until/).waitFor();
    await expectNoA11yViolations(first);
    await first.getByRole('link', { name: 'See the puzzle and request it' }).click();
    await first.getByText(/This puzzle is offered to you first/).waitFor();
    await expectNoA11yViolations(first);
    await first.getByRole('button', { name: 'Pass on this puzzle' }).click();
    await first.getByText(/Offered first to a member who asked for it until/).waitFor();
    await expectNoA11yViolations(first);

    await second.goto(`${server.url}/puzzle/${listingId}`);
    await second.getByText(/This puzzle is offered to you first/).waitFor();
    await second.getByRole('button', { name: 'Request Puzzle' }).click();
    const dialog = second.getByRole('dialog', { name: 'Request Puzzle' });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await second.getByText(/You asked for this/).waitFor();
    await expectNoA11yViolations(second);
    await first.close();
    await second.close();
  });
});
