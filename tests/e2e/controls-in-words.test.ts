import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { communityPosts } from '../../src/server/db/schema';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { startTestServer, type TestServer, apiAs, browserMember, type BrowserMember } from '../support/server';

// Four things an older member must be able to see or reach, in real Chromium at 1280 px and
// 390 px, axe-core clean: the close control of a panel or dialog says 'Close' in words; a
// post's title is underlined (it is a link) without hovering and shows the focus ring; after
// 'Load more' the keyboard lands on the first new item, not nowhere; and each activity's
// 'Open the post' link says which post to a screen reader.

const skipReason = inject('skipBrowserReason');
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type Member = BrowserMember;

describe.skipIf(skipReason)('controls in words', () => {
  let server: TestServer;
  let browser: Browser;
  let joan: Member;
  let fred: Member;
  let postId: number;
  const title = 'Which glue for a finished puzzle?';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    [joan, fred] = await Promise.all([
      session('joan.words@example.org', { firstName: 'Joan', lastName: 'Wells' }),
      session('fred.words@example.org', { firstName: 'Fred', lastName: 'Moss' }),
    ]);
    const post = await as(joan, '/api/community/posts', {
      title,
      content: 'I would like to frame my last one.',
      category: 'general',
    });
    postId = post.id;
    await as(fred, `/api/community/posts/${postId}/replies`, { content: 'Mod Podge, two thin coats.' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const session = (email: string, overrides: Parameters<TestServer['createMemberSession']>[1]) =>
    browserMember(server, email, overrides);

  const as = (who: Member, url: string, payload: object) => apiAs(server, who, 'POST', url, payload);

  async function open(viewport: { width: number; height: number }, path: string): Promise<[BrowserContext, Page]> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([fred.cookie]);
    const page = await newWatchedPage(context);
    await page.goto(`${server.url}${path}`);
    if (path.includes('post=')) await page.getByRole('dialog').waitFor();
    else await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    return [context, page];
  }

  /** The close control shows the word, and the title beside it does not run under it. */
  async function expectWordedClose(close: Locator, title: Locator): Promise<void> {
    expect(await close.innerText()).toBe('Close');
    const closeBox = await close.boundingBox();
    // The words of the title, not its box (which runs under the button, padded on the right).
    const titleBox = await title.evaluate((el) => {
      const words = document.createRange();
      words.selectNodeContents(el);
      const { x, y, width, height } = words.getBoundingClientRect();
      return { x, y, width, height };
    });
    if (!closeBox) throw new Error('close control not laid out');
    const overlapX = titleBox.x + titleBox.width > closeBox.x && closeBox.x + closeBox.width > titleBox.x;
    const overlapY = titleBox.y + titleBox.height > closeBox.y && closeBox.y + closeBox.height > titleBox.y;
    expect(overlapX && overlapY).toBe(false);
  }

  for (const { name, viewport } of WIDTHS) {
    it(`${name}: the open post, the new post dialog and the phone menu close with a worded button`, async () => {
      const [context, page] = await open(viewport, `/community?post=${postId}`);
      const panel = page.getByRole('dialog', { name: title });
      await panel.getByText('Mod Podge, two thin coats.').waitFor();
      const closePost = panel.getByRole('button', { name: 'Close post' });
      await expectWordedClose(closePost, panel.getByRole('heading', { name: title }));
      await expectNoA11yViolations(page);
      await closePost.click();
      await panel.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Post' });
      await expectWordedClose(
        dialog.getByRole('button', { name: 'Close', exact: true }),
        dialog.getByRole('heading', { name: 'Create New Post' }),
      );
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      if (name === 'phone') {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        const closeMenu = menu.getByRole('button', { name: 'Close menu' });
        await expectWordedClose(closeMenu, menu.getByRole('heading', { name: 'Menu' }));
        await expectNoA11yViolations(page);
        await closeMenu.click();
        await menu.waitFor({ state: 'hidden' });
      }
      await context.close();
    });

    it(`${name}: a post's title looks like a link without hovering, and shows where the focus is`, async () => {
      const [context, page] = await open(viewport, '/community');
      const link = page.getByRole('article', { name: title }).getByRole('link', { name: title });
      await link.waitFor();
      await page.mouse.move(0, 0);
      expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
      // From the link before it, by keyboard: the focus ring (3 px) is drawn round the title.
      await link.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
      const ring = await link.evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(ring).toBe('solid 3px');
      await expectNoA11yViolations(page);
      await context.close();
    });

    it(`${name}: each activity's link names its post for a screen reader`, async () => {
      const [context, page] = await open(viewport, '/community');
      await page.getByRole('tab', { name: 'Community Activity' }).click();
      const feed = page.getByRole('region', { name: 'Recent Community Activity' });
      const started = feed.getByRole('link', { name: `Open the post – Started a discussion: "${title}"` });
      const replied = feed.getByRole('link', { name: `Open the post – Replied to "${title}"` });
      await started.waitFor();
      // What a sighted member sees stays short: 'Open the post' on one line, the rest is not drawn.
      for (const link of [started, replied]) {
        const drawn = await link.evaluate((el) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const words: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            // A visually hidden part sits in a 1 px box.
            if ((node.parentElement?.getBoundingClientRect().width ?? 0) > 1) words.push(node.textContent ?? '');
          }
          return words.join('').trim();
        });
        expect(drawn).toBe('Open the post');
      }
      await expectNoA11yViolations(page);
      await replied.click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await context.close();
    });
  }

  it('after Load more, the keyboard lands on the first new post (and not nowhere when the button goes)', async () => {
    // 21 posts: a page of 20 and one more, older than the others, on the second page.
    await server.database.db.insert(communityPosts).values(
      Array.from({ length: 20 }, (_, i) => ({
        userId: joan.id,
        title: `An older question, number ${i + 1}`,
        content: 'A question for the club from last year.',
        lastActivityAt: new Date(Date.UTC(2025, 0, i + 1)),
      })),
    );
    for (const { viewport } of WIDTHS) {
      const [context, page] = await open(viewport, '/community');
      const posts = page.getByRole('region', { name: /Posts/ });
      await expect.poll(() => posts.getByRole('article').count()).toBe(20);
      const more = page.getByRole('button', { name: 'Load more posts' });
      await more.focus();
      await page.keyboard.press('Enter');
      const first = posts.getByRole('listitem').filter({
        has: page.getByRole('article', { name: 'An older question, number 1', exact: true }),
      });
      await first.waitFor();
      await more.waitFor({ state: 'detached' });
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      // The next Tab goes on into that post, to its title.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe('An older question, number 1');
      await expectNoA11yViolations(page);
      await context.close();
    }
  });
});
