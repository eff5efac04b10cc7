import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { feedbackReports } from '../../src/server/db/schema';
import { describedText, expectToast, expectFormAlert } from '../support/accounts-ui';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The forms that check their fields with a domain schema through React Hook Form's
// zodResolver, where no other browser test looks at the messages: each message shows under
// its field in words with an icon, is read with the field (aria-describedby, aria-invalid),
// the first field in error takes the focus, and what is sent is the schema's output.

const skipReason = inject('skipBrowserReason');

describe.skipIf(skipReason)('form messages from the domain schemas', () => {
  let server: TestServer;
  let browser: Browser;
  type Who = { memberId: number; cookie: Awaited<ReturnType<TestServer['createMemberSession']>>['cookie'] };
  let owner: Who;
  let requester: Who;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    owner = await server.createMemberSession('owner.forms@example.org', { firstName: 'Olive', lastName: 'Owens' });
    requester = await server.createMemberSession('rita.forms@example.org', {
      firstName: 'Rita',
      lastName: 'Reader',
      points: 20,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function post(url: string, who: Who, payload: object = {}): Promise<{ id: number }> {
    const res = await server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: `${who.cookie.name}=${who.cookie.value}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: number };
  }

  /** A trade of a new listing of the owner's, taken as far as 'sent'. */
  async function sentTrade(title: string): Promise<number> {
    const listing = await createListing(server.database.db, owner.memberId, { title, puzzlePoints: 2 });
    const { id } = await post('/api/trade-requests', requester, { puzzleListingId: listing.id });
    await post(`/api/trade-requests/${id}/accept`, owner);
    await post(`/api/trade-requests/${id}/ship`, owner, { carrierName: 'Royal Mail' });
    return id;
  }

  async function openAs(who: Who, path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([who.cookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  /** The message is read with the field, and the field says it is invalid. */
  async function expectFieldError(field: Locator, message: string): Promise<void> {
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(field)).toContain(message);
  }

  it('checks feedback, its response and a report of it before anything is sent', async () => {
    const tradeId = await sentTrade('Harbour Lights');
    await post(`/api/trade-requests/${tradeId}/confirm-delivery`, requester);
    // The owner rates first; the requester sees it once they have rated too.
    await post(`/api/trade-requests/${tradeId}/feedback`, owner, { rating: 4, comment: 'A pleasure.' });

    const page = await openAs(requester, `/trades?trade=${tradeId}`);
    const card = page.locator(`#trade-${tradeId}`);
    const send = card.getByRole('button', { name: 'Send feedback' });
    await send.waitFor();

    // Nothing chosen, nothing written: both messages, and the keyboard goes to the first star.
    await send.click();
    const ratingError = card.getByText('Please choose a rating');
    await ratingError.waitFor();
    const rating = card.getByRole('group', { name: 'How was your trade with Olive O.?' });
    expect(await describedText(rating)).toBe('Please choose a rating');
    expect(await isFocused(card.getByRole('radio', { name: '1 star – Poor' }))).toBe(true);
    const comment = card.getByLabel('Comment', { exact: true });
    await expectFieldError(comment, 'Comment is required');
    // Words and an icon, not colour alone.
    expect(await ratingError.evaluate((el) => el.closest('p')?.querySelectorAll('svg').length)).toBe(1);
    await expectNoA11yViolations(page);

    // Spaces alone are no comment: the domain trims before it checks.
    await card.getByRole('radio', { name: '5 stars – Excellent' }).check();
    await comment.fill('   ');
    await send.click();
    await expectFieldError(comment, 'Comment is required');
    await comment.fill('  Well packed and quick.  ');
    await send.click();
    await expectToast(page, 'Feedback sent');
    await card.getByText('Feedback from Olive O.').waitFor();
    expect(await card.getByText('Well packed and quick.', { exact: true }).isVisible()).toBe(true);

    // The response: required, then posted.
    await card.getByRole('button', { name: 'Respond' }).click();
    const response = card.getByLabel('Your response');
    await card.getByRole('button', { name: 'Post response' }).click();
    await card.getByText('Response is required').waitFor();
    await expectFieldError(response, 'Response is required');
    expect(await describedText(response)).toBe('0/500 characters Response is required');
    expect(await isFocused(response)).toBe(true);
    await expectNoA11yViolations(page);
    await response.fill('Thank you, Olive.');
    await card.getByRole('button', { name: 'Post response' }).click();
    await expectToast(page, 'Response posted');
    await card.getByText('Thank you, Olive.').waitFor();

    // The report: a reason and details, both required; the reason takes the focus.
    await card.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this feedback' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const reason = dialog.getByLabel('Reason (required)');
    const details = dialog.getByLabel('Details (required)');
    await dialog.getByText('Please provide details').waitFor();
    await expectFieldError(reason, 'Choose a reason');
    await expectFieldError(details, 'Please provide details');
    expect(await isFocused(reason)).toBe(true);
    await expectNoA11yViolations(page);
    await reason.selectOption({ label: 'Spam' });
    await details.fill('  Not about our trade.  ');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Report sent');
    await dialog.waitFor({ state: 'hidden' });

    const [report] = await server.database.db
      .select()
      .from(feedbackReports)
      .where(eq(feedbackReports.reportedByUserId, requester.memberId));
    expect(report).toMatchObject({ reportReason: 'spam', reportDetails: 'Not about our trade.' });
    await page.context().close();
  });

  it('asks for details before a problem is reported, and sends them trimmed', async () => {
    const tradeId = await sentTrade('Puffin Colony');
    const page = await openAs(requester, `/trades?trade=${tradeId}`);
    const card = page.locator(`#trade-${tradeId}`);
    await card.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    const details = dialog.getByLabel('What went wrong? (required)');
    await details.fill('   ');
    await dialog.getByRole('button', { name: 'Report the problem' }).click();
    await dialog.getByText('Please provide details').waitFor();
    await expectFieldError(details, 'Please provide details');
    expect(await isFocused(details)).toBe(true);
    await expectNoA11yViolations(page);

    await details.fill('  The box arrived empty.  ');
    await dialog.getByRole('button', { name: 'Report the problem' }).click();
    await expectToast(page, 'Problem reported');
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/trade-requests?role=requester',
      headers: { cookie: `${requester.cookie.name}=${requester.cookie.value}` },
    });
    const trade = (res.json() as { id: number; status: string; disputeDetails: string | null }[]).find(
      (t) => t.id === tradeId,
    );
    expect(trade).toMatchObject({ status: 'disputed', disputeDetails: 'The box arrived empty.' });
    await page.context().close();
  });

  it('names what is missing in the Contact dialog, under the field as well as at its top', async () => {
    const listing = await createListing(server.database.db, owner.memberId, { title: 'Kingfisher' });
    const page = await openAs(requester, `/messages?contact=${listing.id}`);
    const dialog = page.getByRole('dialog', { name: 'Contact Owner' });
    const message = dialog.getByLabel('Message');
    await message.fill('  ');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectFormAlert(dialog, 'Missing information', 'Please fill in both subject and message');
    await dialog.getByText('Initial message is required').waitFor();
    await expectFieldError(message, 'Initial message is required');
    expect(await describedText(message)).toBe('2/2000 characters Initial message is required');
    expect(await isFocused(message)).toBe(true);
    expect(await dialog.getByLabel('Subject').getAttribute('aria-invalid')).toBeNull();
    await expectNoA11yViolations(page);
    await page.context().close();
  });
});
