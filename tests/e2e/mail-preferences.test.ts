import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { unsubscribeSecret, unsubscribeToken } from '../../src/server/mail/unsubscribe-token';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { expectToast } from '../support/accounts-ui';
import { startTestServer, type TestServer } from '../support/server';

// docs/product/email.md in the browser: the profile's 'E-mail' section (plain words, saves at
// once, trade e-mails shown but fixed), and the page an e-mail's unsubscribe link opens (says
// what it will stop, changes nothing until its button is pressed). axe on every state, at
// 390 px and 1280 px.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(skipReason)('e-mail settings and unsubscribe in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let me: Awaited<ReturnType<TestServer['createMemberSession']>>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    me = await server.createMemberSession('edith.mail@example.org', { firstName: 'Edith', lastName: 'Brown' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The member's saved choices (GET), or a change to them (PATCH), as the API answers. */
  const prefs = async (change?: object): Promise<Record<string, string>> => {
    const res = await server.app.inject({
      method: change ? 'PATCH' : 'GET',
      url: '/api/notification-preferences',
      payload: change,
      headers: { cookie: `${me.cookie.name}=${me.cookie.value}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  for (const viewport of [WIDE, PHONE]) {
    it(`the profile's E-mail section saves each choice at once (${viewport.width} px)`, async () => {
      await prefs({ messages: 'instant', forum: 'instant', wanted: 'instant' });
      const context = await browser.newContext({ viewport });
      await context.addCookies([me.cookie]);
      const page = await open(context, '/profile#email');
      const section = page.getByRole('region', { name: 'E-mail' });
      const forum = section.getByRole('group', { name: 'Replies to your posts in the Community forum' });
      await forum.getByRole('radio', { name: 'At once' }).waitFor();
      expect(await forum.getByRole('radio', { name: 'At once' }).isChecked()).toBe(true);
      // Messages have no weekly choice; trades are said in words and cannot be changed.
      const messages = section.getByRole('group', { name: 'New messages from other members' });
      expect(await messages.getByRole('radio').count()).toBe(3);
      await section.getByText('Always at once. Each step of a trade is e-mailed to you straight away').waitFor();
      await expectNoA11yViolations(page);

      const choice = viewport === WIDE ? 'Once a week (Monday at 7 in the morning)' : 'Never';
      await forum.getByRole('radio', { name: choice }).check();
      await expectToast(page, 'E-mail setting saved');
      expect((await prefs()).forum).toBe(viewport === WIDE ? 'weekly' : 'off');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoA11yViolations(page);
      await context.close();
    });
  }

  it('the unsubscribe page says what it will stop, and stops it only when its button is pressed', async () => {
    await prefs({ messages: 'instant' });
    const secret = await unsubscribeSecret(server.database.db, server.ctx.config.unsubscribeSecret);
    const link = `/api/unsubscribe?token=${unsubscribeToken(secret, me.memberId, 'messages')}`;
    for (const viewport of [PHONE, WIDE]) {
      // Signed out: the link works from any mail program.
      const context = await browser.newContext({ viewport });
      const page = await open(context, link);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Stop e-mails about new messages?');
      await page.getByText('Nothing changes until you press it.').waitFor();
      expect((await prefs()).messages).toBe('instant');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoA11yViolations(page);
      if (viewport === WIDE) {
        await page.getByRole('button', { name: 'Stop these e-mails' }).click();
        await page.getByRole('heading', { level: 1, name: 'Done: no more e-mails about new messages' }).waitFor();
        expect((await prefs()).messages).toBe('off');
        await expectNoA11yViolations(page);
      }
      await context.close();
    }
  });
});
