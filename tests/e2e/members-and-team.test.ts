import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { users } from '../../src/server/db/schema';
import { expectToast } from '../support/accounts-ui';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { browserMember, startTestServer, type BrowserMember, type TestServer } from '../support/server';

// Issue 23 points 3 and 5 in the browser (docs/decisions/0028-members-and-team.md): a member
// writes to another from their page; an administrator's users table fits 1280 px, filters by
// status and asks 'Are you sure?' before changing admin status; on a phone a post started
// from a category starts in it, carries its tags and opens once posted. axe on every state.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(skipReason)('members and the club team in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let audrey: BrowserMember;
  let basil: BrowserMember;
  let admin: BrowserMember;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    audrey = await browserMember(server, 'audrey.team-e2e@example.org', { firstName: 'Audrey', lastName: 'Fenwick' });
    basil = await browserMember(server, 'basil.team-e2e@example.org', { firstName: 'Basil', lastName: 'Marsh' });
    admin = await browserMember(server, 'eleanor.team-e2e@example.org', {
      firstName: 'Eleanor',
      lastName: 'Whitfield',
    });
    const db = server.database.db;
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    // A member who never finished joining, and a closed membership (as closing leaves the row).
    await server.createMemberSession('nora.team-e2e@example.org', { firstName: 'Nora', passwordHash: null });
    await server.createMemberSession('closed.team-e2e@example.org', {
      firstName: 'A former member',
      lastName: null,
      passwordHash: null,
      closedAt: new Date(),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageAs(who: BrowserMember, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([who.cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('a member sends a message from another member’s page and reads it in Messages', async () => {
    const page = await pageAs(audrey, WIDE);
    await page.goto(`${server.url}/members/${basil.id}`);
    await page.getByRole('heading', { level: 1, name: 'Basil M.' }).waitFor();
    await page.getByRole('button', { name: 'Send a message to Basil M.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a message to Basil M.' });
    await dialog.waitFor();
    await expectNoA11yViolations(page);
    await dialog.getByLabel('Message').fill('Would you like to swap puzzles at the club night?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('thread'));
    await expectToast(page, 'Message sent');
    // The conversation reads by the member's name, with no puzzle.
    await page.getByRole('heading', { level: 2, name: 'Conversation with Basil M.' }).waitFor();
    await page.getByText('Would you like to swap puzzles at the club night?').first().waitFor();
    await expectNoA11yViolations(page);
    await page.context().close();

    // Basil finds it in his Messages under Audrey's name.
    const his = await pageAs(basil, WIDE);
    await his.goto(`${server.url}/messages`);
    await his.getByRole('button', { name: /Conversation with Audrey F\./ }).waitFor();
    await his.context().close();
  });

  it('the users table fits 1280 px, filters by status and asks before changing admin status', async () => {
    const page = await pageAs(admin, WIDE);
    await page.goto(`${server.url}/admin?tab=users`);
    const table = page.getByRole('region', { name: 'Members of the club' });
    await table.getByRole('row', { name: /Basil M\./ }).waitFor();
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await page.getByText('Scroll sideways to see every column.').count()).toBe(0);
    const basilRow = table.getByRole('row', { name: /Basil M\./ });
    expect(await basilRow.innerText()).toContain('Active');
    await expectNoA11yViolations(page);

    // The status filter, in words.
    await page.getByLabel('Status').selectOption({ label: 'Not yet joined' });
    await table.getByRole('row', { name: /Basil M\./ }).waitFor({ state: 'detached' });
    const noraRow = table.getByRole('row', { name: /Nora/ });
    expect(await noraRow.innerText()).toContain('Not yet joined');
    expect(await table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Status').selectOption({ label: 'Closed' });
    const closedRow = table.getByRole('row', { name: /A former member/ });
    await closedRow.waitFor();
    expect(await closedRow.innerText()).toContain('Membership closed');
    // A closed membership offers no admin toggle.
    expect(await closedRow.getByRole('button').count()).toBe(0);
    await expectNoA11yViolations(page);
    await page.getByLabel('Status').selectOption({ label: 'All members' });

    // 'Are you sure?': going back changes nothing; saying yes makes Basil an administrator.
    await basilRow.getByRole('button', { name: 'Make Admin for Basil M.' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    const buttons = await confirm.getByRole('button').allInnerTexts();
    expect(buttons.slice(0, 2)).toEqual(['No, go back', 'Yes, make admin']);
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'No, go back' }).click();
    await confirm.waitFor({ state: 'detached' });
    const [unchanged] = await server.database.db.select().from(users).where(eq(users.id, basil.id));
    expect(unchanged!.isAdmin).toBe(false);
    await basilRow.getByRole('button', { name: 'Make Admin for Basil M.' }).click();
    await confirm.getByRole('button', { name: 'Yes, make admin' }).click();
    await expectToast(page, 'Admin status updated', 'Basil M. is now an administrator.');
    await basilRow.getByRole('button', { name: 'Remove Admin for Basil M.' }).waitFor();
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await page.context().close();
  });

  it('on a phone, a post started from a category starts in it, has its tags and opens once posted', async () => {
    const page = await pageAs(audrey, PHONE);
    await page.goto(`${server.url}/community?category=tips`);
    await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Category').inputValue()).toBe('tips');
    await dialog.getByLabel('Title').fill('Keeping edge pieces apart');
    await dialog.getByLabel('Content').fill('A shallow tray for the edges saves a lot of hunting later on.');
    await dialog.getByLabel('Tags (optional)').fill('sorting, edge pieces');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Post created successfully!');
    // It opens at once, in its category, with its tags.
    const panel = page.getByRole('dialog', { name: 'Keeping edge pieces apart' });
    await panel.waitFor();
    await page.waitForURL((url) => url.searchParams.has('post'));
    const panelText = await panel.innerText();
    expect(panelText).toContain('Tips & Tricks');
    expect(panelText).toContain('sorting');
    expect(panelText).toContain('edge pieces');
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Closed, the card in the list shows the tags too.
    await panel.getByRole('button', { name: 'Close post' }).first().click();
    const card = page.getByRole('article', { name: 'Keeping edge pieces apart' });
    await card.waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('Tags:');
    expect(cardText).toContain('sorting');
    await expectNoA11yViolations(page);
    await page.context().close();
  });
});
