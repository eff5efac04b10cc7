import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, type ExpectedConsoleError } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startTestServer, type TestServer } from './server';

// Shared by the browser tests that sign members in and read toasts (accounts*, frame,
// session-and-toasts, admin-disputes, listings-pages): the app wired to a real SMTP catcher,
// and the few ways those tests look at the landing page, dialogs and toasts.

export const LANDING_TITLE = 'The Premier Jigsaw Free-Trading Club';
export const WIDE = { width: 1280, height: 900 };

export interface AccountsWorld {
  mail: MailCatcher;
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/** A mail catcher, the app sending its mail there, and Chromium. */
export async function startAccountsWorld(): Promise<AccountsWorld> {
  const mail = await startMailCatcher();
  const [server, browser] = await Promise.all([startTestServer({ smtpUrl: mail.url }), launchBrowser()]);
  return {
    mail,
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
      await mail.close();
    },
  };
}

/** Chromium logs each non-2xx answer as a console error; these tests cause some on purpose. */
export const failedCall = (status: number, path: RegExp): ExpectedConsoleError => ({
  text: new RegExp(`status of ${status}`),
  url: path,
});

export async function openLanding(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/`);
  await page.getByRole('heading', { level: 1, name: LANDING_TITLE }).waitFor();
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

/**
 * Waits for the toast with this title and, when given, this description (only one shows at a
 * time: waiting for both lets an earlier toast with the same title give way first).
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator('li.toast').filter({ hasText: title });
  if (description !== undefined) toast = toast.filter({ hasText: description });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(title);
}

/**
 * A refused form's words at its top (role="alert"), which stay until the member acts: errors
 * are not toasts (issue 14). `scope` is the dialog or page holding the form.
 */
export async function expectFormAlert(scope: Page | Locator, title: string, description?: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: title });
  await alert.waitFor();
  if (description !== undefined) expect(await alert.innerText()).toContain(description);
  const page = 'goto' in scope ? scope : scope.page();
  expect(await page.locator('li.toast').filter({ hasText: title }).count()).toBe(0);
}

/** The text a field's aria-describedby points at: what a screen reader reads with it. */
export async function describedText(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
