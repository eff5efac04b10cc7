import { expect } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import type { TestApp } from '../support/build-app';
import { signedInAdmin } from './admin-fixtures';
import { completeTradeFor, http, listingFor, signedInMember, type SignedIn } from './trades-fixtures';

// A small club for the generated security tests: members, an administrator, and one real row
// of each kind a path can name (a listing, a trade, a thread, a feedback, a report, a
// notification, a setting, a manufacturer), each made through the real routes where a route
// makes it. Lean: one of each, shared by every request that only reads or is refused.

export type World = {
  /** owner: owns the listing and the thread's recipient; requester: asked for it and wrote the thread. */
  owner: SignedIn;
  requester: SignedIn;
  /** Signed in, a party to nothing. */
  stranger: SignedIn;
  admin: SignedIn;
  listingId: number;
  /** A pending trade: requester asked for the owner's listing. */
  tradeId: number;
  threadId: number;
  /** A completed trade both rated, and the feedback the owner received on it (from the requester). */
  ratedTradeId: number;
  feedbackId: number;
  /** The owner's report of that feedback. */
  reportId: number;
  /** The owner's notification of the pending request. */
  notificationId: number;
  settingId: number;
  manufacturerId: number;
};

function expectOk(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
}

export async function seedWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const api = http(t);
  const [owner, requester, stranger, admin] = await Promise.all([
    signedInMember(db, { firstName: 'Olive', points: 20 }),
    signedInMember(db, { firstName: 'Ruth', points: 20 }),
    signedInMember(db, { firstName: 'Stanley' }),
    signedInAdmin(db),
  ]);
  const listing = await listingFor(db, owner);
  const trade = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
  expectOk(trade, 'trade request');
  const thread = await api.post('/api/message-threads', requester, {
    subject: 'Is it complete?',
    puzzleListingId: listing.id,
    recipientId: owner.id,
    initialMessage: 'Hello, are all the pieces there?',
  });
  expectOk(thread, 'thread');

  const rated = await listingFor(db, owner);
  const ratedTradeId = await completeTradeFor(api, requester, owner, rated.id);
  expectOk(
    await api.post(`/api/trade-requests/${ratedTradeId}/feedback`, requester, {
      rating: 5,
      comment: 'Lovely, well packed.',
    }),
    'feedback',
  );
  expectOk(
    await api.post(`/api/trade-requests/${ratedTradeId}/feedback`, owner, { rating: 5, comment: 'Quick to confirm.' }),
    'feedback back',
  );
  const feedback = await api.get(`/api/trade-requests/${ratedTradeId}/feedback`, owner);
  const feedbackId = feedback.json().received.id as number;
  const report = await api.post(`/api/feedback/${feedbackId}/report`, owner, {
    reason: 'spam',
    details: 'Not about the trade.',
  });
  expectOk(report, 'report');

  const notifications = await api.get('/api/notifications', owner);
  const notificationList = notifications.json() as { items?: Array<{ id: number }> } | Array<{ id: number }>;
  const notificationId = (Array.isArray(notificationList) ? notificationList : (notificationList.items ?? []))[0]?.id;
  expect(notificationId, notifications.body).toBeTypeOf('number');

  const setting = await api.post('/api/admin/settings', admin, {
    category: 'platform',
    key: 'probe_setting',
    value: 1,
  });
  expectOk(setting, 'setting');
  const manufacturer = await api.post('/api/admin/manufacturers', admin, { name: 'Probe Puzzles Ltd' });
  expectOk(manufacturer, 'manufacturer');

  return {
    owner,
    requester,
    stranger,
    admin,
    listingId: listing.id,
    tradeId: trade.json().id as number,
    threadId: thread.json().id as number,
    ratedTradeId,
    feedbackId,
    reportId: report.json().id as number,
    notificationId: notificationId!,
    settingId: setting.json().id as number,
    manufacturerId: manufacturer.json().id as number,
  };
}

/** A new session for a member (a cookie the previous request may have signed out). */
export async function freshCookie(t: TestApp, member: { id: number }): Promise<string> {
  const { token } = await createSession(t.database.db, member.id, false);
  return `jc_session=${token}`;
}
