import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deleteMemberSessions } from '../../src/server/auth/sessions-repository';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT } from '../../src/domain/constants';
import { expectFormAlert, expectToast, failedCall, header, LANDING_TITLE, WIDE } from '../support/accounts-ui';
import { SESSION_ENDED_TOAST } from '../../src/web/lib/query-client';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing, createMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Two things every page relies on, in real Chromium against the real app:
// - a session that ends while a page is open (expired, reset elsewhere, signed out in another
//   tab) signs the member out in this page too, with a toast saying so (docs/product/screens.md#how-the-client-calls: a 401
//   means signed out);
// - the toasts follow docs/product/screens.md#toasts: one at a time, 5000 ms on screen, F8 reaches them.

const skipReason = inject('skipBrowserReason');
const { title: SESSION_ENDED, description: SIGN_IN_AGAIN } = SESSION_ENDED_TOAST;

describe.skipIf(skipReason)('sessions and toasts in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in member's page; the calls the server refuses once the session is gone are expected. */
  async function memberPage(email: string): Promise<{ context: BrowserContext; page: Page; memberId: number }> {
    const { cookie, memberId } = await server.createMemberSession(email);
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([cookie]);
    const page = await newWatchedPage(context, [failedCall(401, /\/api\//)]);
    return { context, page, memberId };
  }

  async function expectSignedOutAtHome(page: Page): Promise<void> {
    await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    await expectToast(page, SESSION_ENDED, SIGN_IN_AGAIN);
    // Only that toast: not the refused call's own failure message.
    expect(await page.locator('li.toast').count()).toBe(1);
  }

  describe('when the session ends while a page is open', () => {
    it('a member whose sessions were ended on the server is signed out at the next page they open', async () => {
      const { context, page, memberId } = await memberPage('ended.elsewhere@example.org');
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();

      // Say the password was reset on another device: every session of the member is gone.
      await deleteMemberSessions(server.database.db, memberId);
      // The page may notice on its own first (its live-updates stream reconnects and is
      // refused) and sign out before the click lands: the outcome asserted below is the same.
      await header(page)
        .getByRole('link', { name: 'Messages' })
        .click({ timeout: 10_000 })
        .catch(() => undefined);

      await expectSignedOutAtHome(page);
      await expectNoA11yViolations(page);

      // Signed out for real: a reload shows the landing page, and no member page is reachable.
      await page.goto(`${server.url}/profile`);
      await page.getByRole('dialog', { name: 'Sign In' }).getByText('Please sign in to see this page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    });

    it('a member signed out in another tab is signed out here at the next thing they do, even on a public page', async () => {
      const owner = await createMember(server.database.db, { email: 'shared.listing.owner@example.org' });
      const listing = await createListing(server.database.db, owner.id, { title: 'Windmill at Sunset' });
      const { context, page } = await memberPage('other.tab@example.org');
      await page.goto(`${server.url}/puzzle/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: 'Windmill at Sunset' }).waitFor();

      // The other tab signed out: this browser no longer has the session cookie.
      await context.clearCookies();
      await page.getByRole('button', { name: /favourites/i }).click();

      // The favourite call is refused; its own 'Failed to add' toast gives way to this one.
      await expectSignedOutAtHome(page);
      await expectNoA11yViolations(page);
      await context.close();
    });

    it('a visitor who types a wrong password is told so, not that a session ended', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const page = await newWatchedPage(context, [failedCall(401, /\/api\/auth\/login$/)]);
      await page.goto(`${server.url}/`);
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.getByLabel('Email address').fill('nobody.at.all@example.org');
      await dialog.getByLabel('Password', { exact: true }).fill('not a password of anyone');
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      // On the form, where it stays (issue 14); no toast at all, so none about a session.
      await expectFormAlert(dialog, 'Login failed', 'Invalid email or password.');
      expect(await dialog.getByText(SESSION_ENDED).count()).toBe(0);
      expect(await page.locator('li.toast').count()).toBe(0);
      expect(await dialog.isVisible()).toBe(true);
      await context.close();
    });
  });

  describe('toasts', () => {
    it(`show ${TOAST_LIMIT} at a time, for ${TOAST_DURATION_MS} ms, and ${TOAST_HOTKEY[0]} moves focus to them`, async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const page = await newWatchedPage(context, [failedCall(401, /\/api\/auth\/login$/)]);
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
      const toasts = page.locator('li.toast');
      const region = page.getByRole('region', { name: /^Notifications/ });

      // Two toasts in a row: a login link sent, then a reset link sent. Only the second shows.
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await signIn.getByRole('button', { name: 'Send me a login link' }).click();
      const linkDialog = page.getByRole('dialog', { name: 'Email Login Link' });
      await linkDialog.getByLabel('Email address').fill('toast.tester@example.org');
      await linkDialog.getByRole('button', { name: 'Send Login Link' }).click();
      await expectToast(page, 'Login link sent');
      await linkDialog.getByRole('button', { name: 'Back to Sign In' }).click();
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
      await forgot.getByLabel('Email address').fill('toast.tester@example.org');
      await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectToast(page, 'Reset link sent', 'Check your email for password reset instructions.');
      const shownAt = Date.now();
      expect(await toasts.count()).toBe(1);
      expect(await toasts.innerText()).not.toContain('Login link sent');

      // It goes by itself after about 5 seconds (the mouse is away from it, so it is not paused).
      await forgot.getByRole('button', { name: 'Close', exact: true }).click();
      await toasts
        .filter({ hasText: 'Reset link sent' })
        .waitFor({ state: 'hidden', timeout: TOAST_DURATION_MS + 2000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(TOAST_DURATION_MS - 1000);
      expect(shownFor).toBeLessThan(TOAST_DURATION_MS + 1500);

      // F8 takes the keyboard to the notifications; Tab then reaches the toast and its close button.
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      await forgot.getByLabel('Email address').fill('toast.tester@example.org');
      await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectToast(page, 'Reset link sent');
      await forgot.getByRole('button', { name: 'Close', exact: true }).click();
      await forgot.waitFor({ state: 'hidden' });
      const inRegion = () => region.evaluate((el) => el.contains(document.activeElement));
      expect(await inRegion()).toBe(false);
      await page.keyboard.press(TOAST_HOTKEY[0]);
      await expect.poll(inRegion).toBe(true);
      await page.keyboard.press('Tab');
      expect(await toasts.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Dismiss notification',
      );
      expect(await inRegion()).toBe(true);
      await expectNoA11yViolations(page);
      await page.keyboard.press('Enter');
      await toasts.filter({ hasText: 'Reset link sent' }).waitFor({ state: 'hidden' });
      await context.close();
    });
  });
});
