import { expect } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { createLogger } from '../../src/server/http/logging';
import { noticesFor } from '../../src/server/notices/notices';
import { createPost } from '../../src/server/community/community-posts-service';
import { createReply } from '../../src/server/community/community-replies-service';
import { requestTrade } from '../../src/server/trades/trade-life-cycle-service';
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
  /** A forum post the owner wrote, and the requester's reply to it. */
  postId: number;
  replyId: number;
  /** The owner's saved search and wish (docs/product/wanted.md). */
  savedSearchId: number;
  wishId: number;
};

function expectOk(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
}

export async function seedWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const api = http(t);
  const [owner, requester, stranger, admin] = await Promise.all([
    signedInMember(db, { firstName: 'Olive', points: 20 }),
    signedInMember(db, { firstName: 'Ruth', points: 1000 }),
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
  const forum = await freshForum(t, { owner, requester });
  const wanted = await freshWanted(t, { owner });

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
    postId: forum.postId,
    replyId: forum.replyId,
    savedSearchId: wanted.savedSearchId!,
    wishId: wanted.wishId!,
  };
}

/** A saved search and a wish of the world's owner. */
export async function freshWanted(t: TestApp, world: Pick<World, 'owner'>): Promise<Partial<RowIds>> {
  const api = http(t);
  const search = await api.post('/api/saved-searches', world.owner, { query: { q: 'probe' } });
  expectOk(search, 'saved search');
  const wish = await api.post('/api/wishes', world.owner, { title: `Probe ${Math.random().toString(36).slice(2)}` });
  expectOk(wish, 'wish');
  return { savedSearchId: search.json().id as number, wishId: wish.json().id as number };
}

/** A new session for a member (a cookie the previous request may have signed out). */
export async function freshCookie(t: TestApp, member: { id: number }): Promise<string> {
  const { token } = await createSession(t.database.db, member.id, false);
  return `jc_session=${token}`;
}

/** The ids a request's path and body use; a cell that changes its row gets fresh ones. */
export type RowIds = Pick<
  World,
  | 'listingId'
  | 'tradeId'
  | 'threadId'
  | 'ratedTradeId'
  | 'feedbackId'
  | 'reportId'
  | 'notificationId'
  | 'settingId'
  | 'manufacturerId'
  | 'postId'
  | 'replyId'
  | 'savedSearchId'
  | 'wishId'
> & {
  /** The member an administrator acts on (suspend, points…): never one whose session a test uses. */
  memberId: number;
  /** The member whose page is read: the owner. */
  pageMemberId: number;
};

export function worldIds(world: World): RowIds {
  return {
    listingId: world.listingId,
    tradeId: world.tradeId,
    threadId: world.threadId,
    ratedTradeId: world.ratedTradeId,
    feedbackId: world.feedbackId,
    reportId: world.reportId,
    notificationId: world.notificationId,
    settingId: world.settingId,
    manufacturerId: world.manufacturerId,
    postId: world.postId,
    replyId: world.replyId,
    savedSearchId: world.savedSearchId,
    wishId: world.wishId,
    memberId: world.stranger.id,
    pageMemberId: world.owner.id,
  };
}

/**
 * The id a route's path parameter or body field names, by the route's path (and the field's
 * name). A kind this does not know gets 1: a new route's row still runs, and its reviewer
 * sees the 404 it gets.
 */
export function idForRoute(ids: RowIds, path: string, name: string): number {
  if (name === 'puzzleListingId' || path.startsWith('/api/favorites/') || path.startsWith('/api/puzzle-listings/'))
    return ids.listingId;
  if (name === 'recipientId') return ids.pageMemberId;
  if (name === 'manufacturerId' || path.startsWith('/api/admin/manufacturers/')) return ids.manufacturerId;
  if (path.startsWith('/api/trade-requests/') && path.includes('/feedback')) return ids.ratedTradeId;
  if (path.includes('trade-requests/')) return ids.tradeId;
  if (path.startsWith('/api/message-threads/')) return ids.threadId;
  if (path.startsWith('/api/feedback/')) return ids.feedbackId;
  if (path.startsWith('/api/notifications/')) return ids.notificationId;
  if (path.startsWith('/api/admin/settings/')) return ids.settingId;
  if (path.startsWith('/api/admin/reports/')) return ids.reportId;
  if (path.startsWith('/api/admin/users/')) return ids.memberId;
  if (path.startsWith('/api/members/')) return ids.pageMemberId;
  if (name === 'postId' || path.startsWith('/api/community/posts/')) return ids.postId;
  if (name === 'replyId' || path.startsWith('/api/community/replies/')) return ids.replyId;
  if (path.startsWith('/api/saved-searches/')) return ids.savedSearchId;
  if (path.startsWith('/api/wishes/')) return ids.wishId;
  return 1;
}

const silentLog = createLogger('silent');

type TradeState = 'pending' | 'accepted' | 'shipped' | 'completed';

/** A new trade between the world's owner and requester, on a new listing, moved on to `state`. */
export async function freshTrade(t: TestApp, world: World, state: TradeState): Promise<Partial<RowIds>> {
  const api = http(t);
  const listing = await listingFor(t.database.db, world.owner);
  // Through the service, not the route: the route's per-member limit (30 in 10 minutes) is
  // for people, and the table makes dozens of these for the same requester.
  const { trade } = await requestTrade(
    { db: t.database.db, notices: noticesFor(t.ctx, silentLog) },
    { id: world.requester.id },
    { puzzleListingId: listing.id, requestComments: null },
  );
  const tradeId = trade.id;
  const steps: Array<[string, SignedIn]> = [];
  if (state !== 'pending') steps.push(['accept', world.owner]);
  if (state === 'shipped' || state === 'completed') steps.push(['ship', world.owner]);
  if (state === 'completed') steps.push(['confirm-delivery', world.requester]);
  for (const [step, who] of steps) expectOk(await api.post(`/api/trade-requests/${tradeId}/${step}`, who), step);
  return { tradeId, ratedTradeId: tradeId, listingId: listing.id };
}

/** A completed trade both rated; the feedback the owner received, with the owner's response when asked. */
export async function freshFeedback(t: TestApp, world: World, withResponse = false): Promise<Partial<RowIds>> {
  const api = http(t);
  const { tradeId } = await freshTrade(t, world, 'completed');
  expectOk(
    await api.post(`/api/trade-requests/${tradeId}/feedback`, world.requester, { rating: 4, comment: 'Good.' }),
    'feedback',
  );
  expectOk(
    await api.post(`/api/trade-requests/${tradeId}/feedback`, world.owner, { rating: 4, comment: 'Good.' }),
    'feedback back',
  );
  const feedbackId = (await api.get(`/api/trade-requests/${tradeId}/feedback`, world.owner)).json().received
    .id as number;
  if (withResponse)
    expectOk(
      await api.post(`/api/feedback/${feedbackId}/response`, world.owner, { response: 'Thank you.' }),
      'response',
    );
  return { ratedTradeId: tradeId, feedbackId };
}

export async function freshReport(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const { feedbackId } = await freshFeedback(t, world);
  const report = await http(t).post(`/api/feedback/${feedbackId}/report`, world.owner, {
    reason: 'spam',
    details: 'Not about it.',
  });
  expectOk(report, 'report');
  return { feedbackId, reportId: report.json().id as number };
}

/** A member for an administrator to act on. */
export async function freshMember(t: TestApp): Promise<Partial<RowIds>> {
  const member = await signedInMember(t.database.db);
  return { memberId: member.id };
}

let settingCounter = 0;
export async function freshSetting(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const res = await http(t).post('/api/admin/settings', world.admin, {
    category: 'platform',
    key: `fresh_${++settingCounter}`,
    value: 1,
  });
  expectOk(res, 'setting');
  return { settingId: res.json().id as number };
}

export async function freshManufacturer(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const res = await http(t).post('/api/admin/manufacturers', world.admin, {
    name: `Fresh Puzzles ${++settingCounter}`,
  });
  expectOk(res, 'manufacturer');
  return { manufacturerId: res.json().id as number };
}

/** A new thread from the requester to the owner about a new listing. */
export async function freshThread(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const listing = await listingFor(t.database.db, world.owner);
  const res = await http(t).post('/api/message-threads', world.requester, {
    subject: 'Still available?',
    puzzleListingId: listing.id,
    recipientId: world.owner.id,
    initialMessage: 'Hello.',
  });
  expectOk(res, 'thread');
  return { threadId: res.json().id as number, listingId: listing.id };
}

/** An accepted trade the requester has disputed. */
export async function freshDispute(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const ids = await freshTrade(t, world, 'accepted');
  expectOk(
    await http(t).post(`/api/trade-requests/${ids.tradeId}/dispute`, world.requester, { details: 'Never came.' }),
    'dispute',
  );
  return ids;
}

/** A member an administrator has suspended. */
export async function freshSuspended(t: TestApp, world: World): Promise<Partial<RowIds>> {
  const { memberId } = await freshMember(t);
  expectOk(await http(t).post(`/api/admin/users/${memberId}/suspend`, world.admin, { reason: 'Testing.' }), 'suspend');
  return { memberId };
}

/** A listing of the owner's nobody has asked for. */
export async function freshListing(t: TestApp, world: World): Promise<Partial<RowIds>> {
  return { listingId: (await listingFor(t.database.db, world.owner)).id };
}

/**
 * A new forum post by the owner with the requester's reply, for cells that change them (delete,
 * lock, pin, flags: three flags hide a post). Through the service, not the route: the route's
 * posting limit (10 an hour) is for people.
 */
export async function freshForum(
  t: TestApp,
  world: Pick<World, 'owner' | 'requester'>,
): Promise<{ postId: number; replyId: number }> {
  const deps = { db: t.database.db, notices: noticesFor(t.ctx, silentLog), pictures: t.ctx.pictures };
  const post = await createPost(
    deps,
    { id: world.owner.id, isAdmin: false },
    {
      title: 'My finished castle',
      content: 'Finished it last night, all 1000 pieces.',
      category: 'general',
      tags: [],
      imageUrls: [],
    },
  );
  const reply = await createReply(
    deps,
    { id: world.requester.id, isAdmin: false, firstName: 'Ruth', lastName: null },
    post.id,
    { content: 'Well done, it looks lovely!', parentReplyId: null },
  );
  return { postId: post.id, replyId: reply.id };
}
