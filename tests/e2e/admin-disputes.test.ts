import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pointsLedger, tradeRequests, users } from '../../src/server/db/schema';
import { applyTradeCommand, requestTrade } from '../../src/server/trades/trade-life-cycle-service';
import { drainNotices, noNotices } from '../../src/server/notices/notices';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { expectToast } from '../support/accounts-ui';

// An administrator decides a disputed trade from /admin (docs/product/trades.md#disputes): the list shows what
// was reported, each decision is confirmed first, and the points move as the buttons say.

const skipReason = inject('skipBrowserReason');

describe.skipIf(skipReason)('an administrator deciding trade disputes', () => {
  let server: TestServer;
  let browser: Browser;
  let adminCookie: Awaited<ReturnType<TestServer['createMemberSession']>>['cookie'];
  const ids = { requester: 0, owner: 0 };

  /** A trade between the two members, accepted, sent and reported as a problem by the requester. */
  async function disputedTrade(title: string, details: string): Promise<number> {
    const db = server.database.db;
    const listing = await createListing(db, ids.owner, { title, puzzlePoints: 3 });
    const deps = { db, notices: noNotices };
    const { trade } = await requestTrade(
      deps,
      { id: ids.requester },
      { puzzleListingId: listing.id, requestComments: null },
    );
    const member = (id: number) => ({ kind: 'member' as const, id });
    await applyTradeCommand(deps, trade.id, member(ids.owner), { action: 'accept' });
    await applyTradeCommand(deps, trade.id, member(ids.owner), { action: 'ship', carrierName: 'Royal Mail' });
    await applyTradeCommand(deps, trade.id, member(ids.requester), { action: 'dispute', details });
    return trade.id;
  }

  async function balance(id: number): Promise<number> {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
    return row!.puzzlePoints;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const admin = await server.createMemberSession('admin.disputes@example.org', { firstName: 'Eleanor' });
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.memberId));
    adminCookie = admin.cookie;
    ids.requester = (
      await server.createMemberSession('asker.disputes@example.org', {
        firstName: 'Ruth',
        lastName: 'Baxter',
        points: 10,
      })
    ).memberId;
    ids.owner = (
      await server.createMemberSession('owner.disputes@example.org', { firstName: 'Owen', lastName: 'Hughes' })
    ).memberId;
  });

  afterAll(async () => {
    if (server) await drainNotices(server.ctx);
    await browser?.close();
    await server?.close();
  });

  async function openAdmin(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([adminCookie]);
    const page = await newWatchedPage(context);
    page.setDefaultTimeout(15_000);
    // Disputes have their own tab (docs/product/administration.md#the-panel).
    await page.goto(`${server.url}/admin?tab=disputes`);
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await page.getByRole('tab', { name: 'Disputes', selected: true }).waitFor();
    return page;
  }

  it('says when nothing is waiting', async () => {
    const page = await openAdmin();
    await page.getByRole('heading', { level: 2, name: 'Trade disputes' }).waitFor();
    await page.getByText('No trades are waiting for a decision.').waitFor();
    await expectNoA11yViolations(page);
    await page.context().close();
  });

  it('refunds one and completes another, each confirmed first, and the points move accordingly', async () => {
    const refundId = await disputedTrade('Lost in the Post Lighthouse', 'Nothing has arrived after three weeks.');
    const completeId = await disputedTrade('Kingfisher on a Branch', 'Two pieces are missing, not the one listed.');
    const page = await openAdmin();

    const refundCard = page.getByRole('article', { name: `Trade #${refundId}: “Lost in the Post Lighthouse”` });
    await refundCard.getByText('Nothing has arrived after three weeks.').waitFor();
    const text = await refundCard.innerText();
    expect(text).toContain('Ruth B. (asked for the puzzle)');
    expect(text).toContain('Owen H.');
    expect(text).toContain('3 PuzzlePoints');
    expect(text).toContain('Royal Mail');
    await expectNoA11yViolations(page);

    // Changing one's mind: the dialog's Go back leaves everything as it was.
    await refundCard.getByRole('button', { name: 'Refund Ruth B.' }).click();
    const refundDialog = page.getByRole('dialog', { name: 'Refund this trade?' });
    await refundDialog.getByText('will go back to Ruth B.').waitFor();
    await expectNoA11yViolations(page);
    await refundDialog.getByRole('button', { name: 'Go back' }).click();
    await refundDialog.waitFor({ state: 'hidden' });
    const before = await balance(ids.requester);

    await refundCard.getByRole('button', { name: 'Refund Ruth B.' }).click();
    await refundDialog.getByLabel(/Note for the activity log/).fill('Royal Mail confirmed the parcel was lost.');
    await refundDialog.getByRole('button', { name: 'Yes, refund' }).click();
    await expectToast(page, 'Dispute resolved', 'Both members have been told. 3 PuzzlePoints went back to Ruth B.');
    await refundCard.waitFor({ state: 'detached' });
    expect(await balance(ids.requester)).toBe(before + 3);
    const [refunded] = await server.database.db.select().from(tradeRequests).where(eq(tradeRequests.id, refundId));
    expect(refunded).toMatchObject({ status: 'refunded', heldPoints: 0 });

    // The other one, with the keyboard alone.
    const completeCard = page.getByRole('article', { name: `Trade #${completeId}: “Kingfisher on a Branch”` });
    const ownerBefore = await balance(ids.owner);
    await completeCard.getByRole('button', { name: 'Complete: pay Owen H.' }).focus();
    await page.keyboard.press('Enter');
    const completeDialog = page.getByRole('dialog', { name: 'Complete this trade?' });
    await completeDialog.waitFor();
    await completeDialog.getByRole('button', { name: 'Yes, complete the trade' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Dispute resolved', 'Both members have been told. 3 PuzzlePoints went to Owen H.');
    await page.getByText('No trades are waiting for a decision.').waitFor();
    expect(await balance(ids.owner)).toBe(ownerBefore + 3);
    const payments = await server.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.tradeRequestId, completeId));
    expect(payments.map((row) => row.reason)).toContain('trade_payment');
    await expectNoA11yViolations(page);
    await page.context().close();
  });
});
