import sharp from 'sharp';
import { multipart } from '../support/multipart';
import type { Expected, Role, Row, Table } from './authorization-checker';
import { http } from './trades-fixtures';
import {
  freshDispute,
  freshForum,
  freshFeedback,
  freshListing,
  freshManufacturer,
  freshMember,
  freshReport,
  freshSetting,
  freshSuspended,
  freshTrade,
  freshWanted,
} from './security-fixtures';

// Issue 16 point 3: who may call what. Every route of the API document has a row here, and
// every row says what each caller gets (authorization-table.test.ts runs every cell; a route
// without a row fails that test, which prints a row to paste). Reviewed by hand: change a
// cell only with the reason in the commit. Like Discourse's Guardian spec, one place to read
// the whole access policy.
//
// The callers (security-fixtures.ts):
//   visitor  not signed in
//   member   signed in, a party to nothing the row touches
//   owner    the row's owner: the listing's owner, who is asked for it in a trade, receives
//            the feedback and the thread's first message, and owns the notification
//   other    the other party: asked for the listing (the trade's requester), wrote the
//            feedback, started the thread
//   admin    an administrator, a party to nothing the row touches
// On routes about the caller alone (my favorites, my profile) owner and other are members
// like any. Admin user routes act on a member who is none of these.
//
// 404 rather than 403 where the row is private (a trade, a thread, a notification): a
// stranger learns nothing about whether it exists. 403 where the row is public (a listing,
// a feedback on a member page) or the caller is a party who may not take this step.

const ok = 200;
const anyone = (status: Expected): Record<Role, Expected> => ({
  visitor: status,
  member: status,
  owner: status,
  other: status,
  admin: status,
});
/** Signed-in members (administrators are members too); visitors get 401. */
const members = (status: Expected): Record<Role, Expected> => ({ ...anyone(status), visitor: 401 });
/** Administrators only: 401 for a visitor, 403 for any member. */
const admins = (status: Expected): Record<Role, Expected> => ({
  visitor: 401,
  member: 403,
  owner: 403,
  other: 403,
  admin: status,
});
/** Only the parties of a private row: a stranger and an administrator are told it does not exist. */
const parties = (owner: Expected, other: Expected): Record<Role, Expected> => ({
  visitor: 401,
  member: 404,
  owner,
  other,
  admin: 404,
});

const unique = () => Math.random().toString(36).slice(2, 10);
const pending = (t: Parameters<NonNullable<Row['fresh']>>[0], w: Parameters<NonNullable<Row['fresh']>>[1]) =>
  freshTrade(t, w, 'pending');

async function smallPicture() {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c87828' } })
    .png()
    .toBuffer();
  return multipart(png, 'box.png', 'image/png');
}

export const AUTHORIZATION_TABLE: Table = {
  // Public: the club's front door and its catalogue.
  'GET /api/health': anyone(ok),
  'GET /api/manufacturers': anyone(ok),
  // The postage price list is public knowledge (docs/api/postage.md).
  'GET /api/postage/estimate': { ...anyone(ok), query: 'weightGrams=850&lengthCm=37&widthCm=27&depthCm=6' },
  'GET /api/manufacturers/active': anyone(ok),
  'GET /api/puzzle-listings': anyone(ok),
  'GET /api/puzzle-listings/{id}': anyone(ok),

  // Signing in. Public by nature; the answers are the same signed in or not. A made-up token
  // is a 400; a wrong password a 401; the e-mail calls answer 200 whatever the address.
  'GET /api/auth/user': members(ok),
  'POST /api/auth/register-email': { ...anyone(ok), body: () => ({ email: `new.${unique()}@example.org` }) },
  'POST /api/auth/verify-email': anyone(400),
  // Asks whether a join link is still good without using it: the same answer for anyone.
  'POST /api/auth/verify-email/check': anyone(ok),
  'POST /api/auth/login': anyone(401),
  'POST /api/auth/logout': anyone(ok),
  'POST /api/auth/forgot-password': anyone(ok),
  'POST /api/auth/reset-password': anyone(400),
  'POST /api/auth/login-link': { ...anyone(ok), body: () => ({ email: 'nobody.here@example.org' }) },
  'POST /api/auth/login-link/verify': anyone(400),
  'POST /api/auth/mark-welcome-seen': members(ok),

  // The caller's own things.
  // The whole profile, as the form sends it (the members' addresses stay complete for the trade rows).
  'PATCH /api/profile': {
    ...members(ok),
    body: () => ({
      firstName: 'Jean',
      lastName: 'Fairweather',
      phone: '01632 960123',
      country: 'United Kingdom',
      line_1: '12 Orchard Lane',
      town_or_city: 'Harrogate',
      county: 'North Yorkshire',
      postcode: 'HG1 2AB',
    }),
  },
  // No address provider is configured in tests: a member reaches the lookup, which is unavailable.
  'GET /api/postcode-lookup/{postcode}': { ...members(503), params: { postcode: 'HG12AB' } },
  'GET /api/stats': members(ok),
  'GET /api/activity/recent': members(ok),
  'GET /api/member-content': members(ok),
  'GET /api/puzzle-listings/my-listings': members(ok),
  'GET /api/puzzle-listings/points-guide': { ...members(ok), query: 'pieces=1000' },
  'GET /api/favorites': members(ok),
  'POST /api/favorites/{listingId}': members([200, 201]),
  'DELETE /api/favorites/{listingId}': {
    ...members(204),
    // Favourited by the caller first: a favourite is the caller's own (no one else's to remove).
    fresh: async (t, w, caller) => {
      const ids = await freshListing(t, w);
      if (caller) await http(t).post(`/api/favorites/${ids.listingId}`, caller);
      return ids;
    },
  },
  'POST /api/uploads': { ...members(201), raw: smallPicture },

  // Wanted (docs/product/wanted.md): the row's saved search and wish are the owner's; to
  // anyone else they do not exist. The owner's wish has no offer running, so a pass is 409.
  'GET /api/saved-searches': members(ok),
  'POST /api/saved-searches': { ...members(201), body: () => ({ query: { q: `probe ${unique()}` } }) },
  'GET /api/saved-searches/{id}/matches': parties(ok, 404),
  'PATCH /api/saved-searches/{id}': { ...parties(ok, 404), body: () => ({ alert: 'daily' }) },
  'DELETE /api/saved-searches/{id}': { ...parties(204, 404), fresh: (t, w) => freshWanted(t, w) },
  'GET /api/wishes': members(ok),
  'GET /api/wishes/demand': { ...members(ok), query: 'title=Probe' },
  'POST /api/wishes': { ...members(201), body: () => ({ title: `Probe ${unique()}` }) },
  'POST /api/wishes/{id}/pass': parties(409, 404),
  'DELETE /api/wishes/{id}': { ...parties(204, 404), fresh: (t, w) => freshWanted(t, w) },
  'GET /api/messages/unread-count': members(ok),
  'GET /api/message-threads': members(ok),
  'GET /api/events': { ...members(ok), stream: true },
  'GET /api/trade-requests': members(ok),
  'GET /api/members': members(ok),
  'GET /api/members/me/profile': members(ok),
  // A body that keeps the caller's page public: the document's sample sends false for every
  // switch, and a private page would hide the owner's feedback from the rows that report it.
  'PATCH /api/members/me/profile': {
    ...members(ok),
    body: () => ({ aboutMe: 'Puzzles on Sundays.', isProfilePublic: true }),
  },
  'GET /api/notifications': members(ok),
  // E-mail preferences: the caller's own, nothing of anyone else's is named.
  'GET /api/notification-preferences': members(ok),
  'PATCH /api/notification-preferences': { ...members(ok), body: () => ({ forum: 'instant' }) },
  // One-click unsubscribe: the signed token is the only authority, whoever calls (no session
  // needed, none used). The document's sample token is not one the server signed: 400 for
  // everyone; mail-preferences.test.ts follows real links.
  'GET /api/unsubscribe': anyone(400),
  'POST /api/unsubscribe': anyone(400),
  // The forum (docs/product/community.md#members-only): for members only, reading and writing alike. The owner wrote the
  // post, the other party the reply. Editing and removing are the author's or an admin's; a
  // member may not like or report their own writing (400). Pin and lock are the admins'.
  'GET /api/community/posts': members(ok),
  'GET /api/community/activities': members(ok),
  'GET /api/community/posts/{postId}': members(ok),
  'GET /api/community/posts/{postId}/replies': members(ok),
  'POST /api/community/posts': {
    ...members(201),
    body: () => ({
      title: 'A new puzzle finished',
      content: 'Three evenings, and not a piece missing.',
      category: 'general',
    }),
  },
  'PATCH /api/community/posts/{postId}': {
    visitor: 401,
    member: 403,
    owner: ok,
    other: 403,
    admin: ok,
    body: () => ({
      title: 'My finished castle',
      content: 'Finished it last night, all 1000 pieces.',
      category: 'general',
    }),
  },
  'DELETE /api/community/posts/{postId}': {
    visitor: 401,
    member: 403,
    owner: 204,
    other: 403,
    admin: 204,
    fresh: (t, w) => freshForum(t, w),
  },
  'POST /api/community/posts/{postId}/replies': {
    ...members(201),
    body: () => ({ content: 'What a lovely picture that makes.' }),
  },
  'PATCH /api/community/replies/{replyId}': {
    visitor: 401,
    member: 403,
    owner: 403,
    other: ok,
    admin: ok,
    body: () => ({ content: 'Well done, it looks lovely!' }),
  },
  'DELETE /api/community/replies/{replyId}': {
    visitor: 401,
    member: 403,
    owner: 403,
    other: 204,
    admin: 204,
    fresh: (t, w) => freshForum(t, w),
  },
  'POST /api/community/like': {
    ...members(ok),
    owner: 400,
    fresh: (t, w) => freshForum(t, w),
    body: (ids) => ({ postId: ids.postId }),
  },
  'POST /api/community/flags': {
    ...members(201),
    owner: 400,
    fresh: (t, w) => freshForum(t, w),
    body: (ids) => ({ postId: ids.postId, reason: 'spam' }),
  },
  'POST /api/community/posts/{postId}/pin': {
    ...admins(ok),
    fresh: (t, w) => freshForum(t, w),
    body: () => ({ isPinned: true }),
  },
  'POST /api/community/posts/{postId}/lock': {
    ...admins(ok),
    fresh: (t, w) => freshForum(t, w),
    body: () => ({ isLocked: true }),
  },
  // Leaving the club (issue 14 point 4). What closing would cost is the caller's own to read.
  'GET /api/profile/closing': members(ok),
  // Closing acts on the caller, who is every later cell's member too: the table sends the body
  // without its confirmation, so a member reaches the schema (400) and nothing closes. A real
  // close, and who may do it, is in close-membership.test.ts.
  'POST /api/profile/close': { ...members(400), body: () => ({ confirm: false }) },
  // 'I am away' (docs/product/trust.md#away) is the caller's own. A holiday two months ahead, so
  // no later cell finds the caller away now; the holiday itself is tested in trust.test.ts.
  'PUT /api/profile/away': {
    ...members(ok),
    body: () => ({
      from: new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString(),
      until: new Date(Date.now() + 61 * 24 * 3600 * 1000).toISOString(),
    }),
  },
  'DELETE /api/profile/away': members(ok),
  // Talking to the club: the visitors' form is open to anyone; the club-team thread is a member's.
  'POST /api/contact': {
    ...anyone(ok),
    body: () => ({ name: 'Jean', email: `jean.${unique()}@example.org`, message: 'A question about the club.' }),
  },
  'POST /api/contact/club-team': {
    ...members([200, 201]),
    body: () => ({ subject: 'A question', message: 'How do I list a puzzle with a missing piece?' }),
  },
  'GET /api/notifications/unread-count': members(ok),
  'POST /api/notifications/read-all': members(ok),
  'GET /api/points/transactions': members(ok),
  // Member pages and their feedback are for every member (the page says what is shown).
  'GET /api/members/{id}': members(ok),
  'GET /api/members/{id}/feedback': members(ok),

  // Listings: anyone may list; only the owner may change one (it is public, so others get 403).
  'POST /api/puzzle-listings': members(201),
  'PATCH /api/puzzle-listings/{id}': {
    visitor: 401,
    member: 403,
    owner: ok,
    other: 403,
    admin: 403,
    fresh: freshListing,
    body: () => ({ title: 'Harbour at Dawn', pieces: 1000, condition: 'very_good' }),
  },

  // Messages: a thread is its two participants' alone.
  'POST /api/message-threads': {
    // The owner cannot write to themself; the requester already has a thread about it (200, the same thread).
    ...members(201),
    owner: 400,
    other: ok,
  },
  // A message to the owner from their page: the owner cannot write to themself.
  'POST /api/message-threads/direct': { ...members([200, 201]), owner: 400 },
  'GET /api/message-threads/{threadId}/messages': parties(ok, ok),
  'POST /api/message-threads/{threadId}/messages': parties(201, 201),
  'POST /api/message-threads/{threadId}/mark-read': parties(ok, ok),

  // Trades: private to the two parties; each step is one party's.
  'POST /api/trade-requests': { ...members(201), owner: 400, fresh: freshListing },
  'GET /api/trade-requests/{id}': parties(ok, ok),
  'POST /api/trade-requests/{id}/accept': { ...parties(ok, 403), fresh: pending },
  'POST /api/trade-requests/{id}/decline': { ...parties(ok, 403), fresh: pending },
  'POST /api/trade-requests/{id}/cancel': { ...parties(403, ok), fresh: pending },
  'POST /api/trade-requests/{id}/ship': { ...parties(ok, 403), fresh: (t, w) => freshTrade(t, w, 'accepted') },
  'POST /api/trade-requests/{id}/confirm-delivery': {
    ...parties(403, ok),
    fresh: (t, w) => freshTrade(t, w, 'shipped'),
    // The arrival check's fields go together (docs/product/trust.md#the-arrival-check): a body that holds.
    body: () => ({ arrived: 'missing_pieces', missingPieces: 2 }),
  },
  'POST /api/trade-requests/{id}/dispute': { ...parties(ok, ok), fresh: (t, w) => freshTrade(t, w, 'accepted') },
  'POST /api/trade-requests/{id}/feedback': {
    ...parties(201, 201),
    fresh: (t, w) => freshTrade(t, w, 'completed'),
    body: () => ({ rating: 5, comment: 'Lovely.' }),
  },
  'GET /api/trade-requests/{id}/feedback': parties(ok, ok),

  // Feedback: its receiver (owner) may answer it; any member may report what members can read,
  // except their own words.
  'POST /api/feedback/{id}/response': { ...parties(201, 403), fresh: (t, w) => freshFeedback(t, w) },
  'POST /api/feedback/{id}/report': { ...members(201), other: 403, fresh: (t, w) => freshFeedback(t, w) },
  'POST /api/feedback/{id}/response/report': {
    ...members(201),
    owner: 403,
    fresh: (t, w) => freshFeedback(t, w, true),
  },

  // Notifications: the owner's alone.
  'POST /api/notifications/{id}/read': { visitor: 401, member: 404, owner: ok, other: 404, admin: 404 },

  // Administration.
  'GET /api/admin/overview': admins(ok),
  'GET /api/admin/users': admins(ok),
  'GET /api/admin/users/{id}': admins(ok),
  'PATCH /api/admin/users/{id}/admin': { ...admins(ok), fresh: freshMember, body: () => ({ isAdmin: true }) },
  'POST /api/admin/users/{id}/points': {
    ...admins(ok),
    fresh: freshMember,
    body: () => ({ amount: 5, reason: 'Club prize' }),
  },
  'POST /api/admin/users/{id}/suspend': { ...admins(ok), fresh: freshMember },
  'POST /api/admin/users/{id}/unsuspend': { ...admins(ok), fresh: freshSuspended },
  'GET /api/admin/points': admins(ok),
  'GET /api/admin/settings': admins(ok),
  'POST /api/admin/settings': {
    ...admins(201),
    body: () => ({ category: 'platform', key: `probe_${unique()}`, value: 1 }),
  },
  'PATCH /api/admin/settings/{id}': { ...admins(ok), fresh: freshSetting, body: () => ({ value: 2 }) },
  'DELETE /api/admin/settings/{id}': { ...admins(204), fresh: freshSetting },
  'GET /api/admin/manufacturers': admins(ok),
  'POST /api/admin/manufacturers': { ...admins(201), body: () => ({ name: `Probe ${unique()}` }) },
  'PATCH /api/admin/manufacturers/{id}': {
    ...admins(ok),
    fresh: freshManufacturer,
    body: () => ({ name: `Renamed ${unique()}` }),
  },
  'DELETE /api/admin/manufacturers/{id}': { ...admins(204), fresh: freshManufacturer },
  'GET /api/admin/actions': admins(ok),
  'GET /api/admin/actions/admins': admins(ok),
  'GET /api/admin/reports': admins(ok),
  'POST /api/admin/reports/{id}/resolve': { ...admins(ok), fresh: freshReport, body: () => ({ action: 'dismiss' }) },
  'GET /api/admin/trade-requests': admins(ok),
  'POST /api/admin/trade-requests/{id}/resolve': {
    ...admins(ok),
    fresh: freshDispute,
    body: () => ({ outcome: 'refund' }),
  },
};
