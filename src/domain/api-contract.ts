// The API's calls, each once: what it takes (query, body) and what it answers on success, as
// the very zod schemas the server validates and serializes with (docs/decisions/0029).
//
// The server's routes take their schemas from here (contractSchema in
// src/server/http/route-contract.ts), and the app refuses to start when a route of this list
// answers with any other schema. The web calls the API by these keys (`api.call('GET
// /api/members/:id', { params: { id } })` in src/web/lib/api-client.ts), and its answer's type
// is read from the schema, so a changed answer fails the web's typecheck where it is read.
// docs/architecture.md, "Adding an API call", says how to add one.

import { z } from 'zod';
import {
  adminActionListQuerySchema,
  adminActionViewSchema,
  adminManufacturerSchema,
  adminMemberDetailSchema,
  adminOverviewSchema,
  adminToggleSchema,
  adminUserListQuerySchema,
  disputeListQuerySchema,
  loggingAdminSchema,
  manufacturerCreateSchema,
  manufacturerPatchSchema,
  pointsAdjustmentSchema,
  pointsSummarySchema,
  reportListQuerySchema,
  reportViewSchema,
  resolveReportSchema,
  suspendSchema,
} from './admin';
import { settingPatchSchema, settingSchema, systemSettingSchema } from './settings';
import {
  authMessageSchema,
  forgotPasswordSchema,
  linkStateSchema,
  loginLinkSchema,
  loginLinkVerifyBodySchema,
  loginSchema,
  registerEmailBodySchema,
  registrationCompleteSchema,
  resetPasswordBodySchema,
  signedInSchema,
  verifyEmailBodySchema,
  verifyEmailCheckBodySchema,
} from './auth';
import {
  communityActivitiesQuerySchema,
  communityActivityViewSchema,
  communityPostDetailSchema,
  communityPostsQuerySchema,
  communityPostViewSchema,
  communityReplyViewSchema,
  createPostSchema,
  flagAnswerSchema,
  flagSchema,
  likeAnswerSchema,
  likeSchema,
  lockPostSchema,
  pinPostSchema,
  removalQuerySchema,
  replySchema,
  updatePostSchema,
  updateReplySchema,
} from './community';
import {
  closeMembershipSchema,
  closingPreviewSchema,
  contactMemberSchema,
  contactSentSchema,
  contactThreadSchema,
  contactVisitorSchema,
  membershipClosedSchema,
} from './contact';
import { notificationPreferencesPatchSchema, notificationPreferencesSchema } from './email-preferences';
import { favoriteViewSchema } from './favorites';
import { countSchema } from './fields';
import { healthSchema } from './health';
import { pointsGuideQuerySchema, pointsGuideSchema } from './listing-points';
import {
  browsePageSchema,
  listingChangeSchema,
  listingDetailSchema,
  listingInputSchema,
  listingViewSchema,
} from './listings';
import { browseQuerySchema } from './browse';
import { manufacturerSchema } from './manufacturers';
import {
  memberAdminSchema,
  memberCardSchema,
  memberDirectoryQuerySchema,
  memberProfilePatchSchema,
  memberProfileSettingsSchema,
  memberSelfSchema,
} from './members';
import {
  createThreadSchema,
  directMessageSchema,
  messageContentSchema,
  messageViewSchema,
  threadViewSchema,
} from './messages';
import { memberPageSchema } from './member-pages';
import { markedReadSchema, notificationViewSchema } from './notifications';
import { ledgerEntrySchema } from './points';
import { postageEstimateQuerySchema, postageEstimateSchema } from './postage';
import { addressLookupSchema, profileUpdateSchema } from './profile';
import { activityItemSchema, memberContentSchema, memberStatsSchema } from './stats';
import {
  confirmDeliverySchema,
  declineSchema,
  disputeSchema,
  feedbackReplyCreatedSchema,
  feedbackReportSchema,
  feedbackReportViewSchema,
  feedbackResponseSchema,
  feedbackSchema,
  feedbackViewSchema,
  resolveDisputeSchema,
  shipSchema,
  tradeFeedbackSchema,
  tradeListQuerySchema,
  tradeRequestSchema,
  tradeViewSchema,
} from './trades';
import { awayBodySchema } from './trust';
import { uploadedImageSchema, uploadQuerySchema } from './uploads';
import {
  savedSearchCreateSchema,
  savedSearchMatchesQuerySchema,
  savedSearchPatchSchema,
  savedSearchViewSchema,
  wishCreateSchema,
  wishDemandQuerySchema,
  wishDemandSchema,
  wishViewSchema,
} from './wanted';

/** One call: its query string's and JSON body's schemas, and its answers on success by status. */
export interface RouteContract {
  query?: z.ZodType;
  body?: z.ZodType;
  /** 200, 201 (made) or 204 (no body); a call that may answer either lists both. */
  response: { 200?: z.ZodType; 201?: z.ZodType; 204?: z.ZodType };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// Answers several calls share.
const removed = z.null().describe('Removed');
const deleted = z.null().describe('Deleted');
const manufacturerList = z.array(manufacturerSchema);
const tradeAnswer = { 200: tradeViewSchema };

export const apiContract = {
  'GET /api/health': { response: { 200: healthSchema } },

  // Accounts and sessions (docs/api/accounts.md)
  'GET /api/auth/user': { response: { 200: memberSelfSchema } },
  'POST /api/auth/register-email': { body: registerEmailBodySchema, response: { 200: authMessageSchema } },
  'POST /api/auth/verify-email': { body: verifyEmailBodySchema, response: { 200: registrationCompleteSchema } },
  'POST /api/auth/verify-email/check': { body: verifyEmailCheckBodySchema, response: { 200: linkStateSchema } },
  'POST /api/auth/login': { body: loginSchema, response: { 200: signedInSchema } },
  'POST /api/auth/logout': { response: { 200: authMessageSchema } },
  'POST /api/auth/forgot-password': { body: forgotPasswordSchema, response: { 200: authMessageSchema } },
  'POST /api/auth/reset-password': { body: resetPasswordBodySchema, response: { 200: authMessageSchema } },
  'POST /api/auth/login-link': { body: loginLinkSchema, response: { 200: authMessageSchema } },
  'POST /api/auth/login-link/verify': { body: loginLinkVerifyBodySchema, response: { 200: signedInSchema } },
  'POST /api/auth/mark-welcome-seen': { response: { 200: memberSelfSchema } },

  // The member's own profile
  'PATCH /api/profile': { body: profileUpdateSchema, response: { 200: memberSelfSchema } },
  'GET /api/profile/closing': { response: { 200: closingPreviewSchema } },
  'POST /api/profile/close': { body: closeMembershipSchema, response: { 200: membershipClosedSchema } },
  'GET /api/postcode-lookup/:postcode': { response: { 200: addressLookupSchema } },
  // 'I am away' (docs/product/trust.md#away): each answers the member as they now are
  'PUT /api/profile/away': { body: awayBodySchema, response: { 200: memberSelfSchema } },
  'DELETE /api/profile/away': { response: { 200: memberSelfSchema } },
  // How often each kind of e-mail comes (docs/api/email.md). The e-mails' unsubscribe
  // (GET and POST /api/unsubscribe) is not here: it is a page and a form post from a mail
  // program, not a call of the web's (decision 0029).
  'GET /api/notification-preferences': { response: { 200: notificationPreferencesSchema } },
  'PATCH /api/notification-preferences': {
    body: notificationPreferencesPatchSchema,
    response: { 200: notificationPreferencesSchema },
  },

  'GET /api/manufacturers': { response: { 200: manufacturerList } },
  'GET /api/manufacturers/active': { response: { 200: manufacturerList } },

  // The member home
  'GET /api/stats': { response: { 200: memberStatsSchema } },
  'GET /api/activity/recent': { response: { 200: z.array(activityItemSchema) } },
  'GET /api/member-content': { response: { 200: memberContentSchema } },

  // Listings (docs/api/listings.md)
  'GET /api/puzzle-listings': { query: browseQuerySchema, response: { 200: browsePageSchema } },
  'GET /api/puzzle-listings/:id': { response: { 200: listingDetailSchema } },
  'GET /api/puzzle-listings/my-listings': { response: { 200: z.array(listingViewSchema) } },
  'GET /api/puzzle-listings/points-guide': { query: pointsGuideQuerySchema, response: { 200: pointsGuideSchema } },
  'POST /api/puzzle-listings': { body: listingInputSchema, response: { 201: listingViewSchema } },
  'PATCH /api/puzzle-listings/:id': { body: listingChangeSchema, response: { 200: listingViewSchema } },

  // What posting a parcel costs (docs/api/postage.md); visitors may ask too
  'GET /api/postage/estimate': { query: postageEstimateQuerySchema, response: { 200: postageEstimateSchema } },

  // Wanted (docs/api/wanted.md): a member's saved searches and wish list
  'GET /api/saved-searches': { response: { 200: z.array(savedSearchViewSchema) } },
  'POST /api/saved-searches': { body: savedSearchCreateSchema, response: { 201: savedSearchViewSchema } },
  'GET /api/saved-searches/:id/matches': { query: savedSearchMatchesQuerySchema, response: { 200: browsePageSchema } },
  'PATCH /api/saved-searches/:id': { body: savedSearchPatchSchema, response: { 200: savedSearchViewSchema } },
  'DELETE /api/saved-searches/:id': { response: { 204: removed } },
  'GET /api/wishes': { response: { 200: z.array(wishViewSchema) } },
  'GET /api/wishes/demand': { query: wishDemandQuerySchema, response: { 200: wishDemandSchema } },
  'POST /api/wishes': { body: wishCreateSchema, response: { 201: wishViewSchema } },
  'POST /api/wishes/:id/pass': { response: { 204: z.null().describe('Passed') } },
  'DELETE /api/wishes/:id': { response: { 204: removed } },

  'GET /api/favorites': { response: { 200: z.array(favoriteViewSchema) } },
  'POST /api/favorites/:listingId': { response: { 200: favoriteViewSchema, 201: favoriteViewSchema } },
  'DELETE /api/favorites/:listingId': { response: { 204: removed } },

  // A multipart form with one image, not JSON: the web sends it with lib/upload-image.ts.
  'POST /api/uploads': { query: uploadQuerySchema, response: { 201: uploadedImageSchema } },

  // Messages (docs/api/messages.md)
  'GET /api/messages/unread-count': { response: { 200: countSchema } },
  'GET /api/message-threads': { response: { 200: z.array(threadViewSchema) } },
  'POST /api/message-threads': {
    body: createThreadSchema,
    response: { 200: threadViewSchema, 201: threadViewSchema },
  },
  'POST /api/message-threads/direct': {
    body: directMessageSchema,
    response: { 200: threadViewSchema, 201: threadViewSchema },
  },
  'GET /api/message-threads/:threadId/messages': { response: { 200: z.array(messageViewSchema) } },
  'POST /api/message-threads/:threadId/messages': {
    body: messageContentSchema,
    response: { 201: messageViewSchema },
  },
  'POST /api/message-threads/:threadId/mark-read': { response: { 200: countSchema } },

  // Trades (docs/api/trades.md): the request, the reads, and one call per life-cycle step
  'POST /api/trade-requests': { body: tradeRequestSchema, response: { 201: tradeViewSchema } },
  'GET /api/trade-requests': { query: tradeListQuerySchema, response: { 200: z.array(tradeViewSchema) } },
  'GET /api/trade-requests/:id': { response: tradeAnswer },
  'POST /api/trade-requests/:id/accept': { response: tradeAnswer },
  'POST /api/trade-requests/:id/decline': { body: declineSchema.nullish(), response: tradeAnswer },
  'POST /api/trade-requests/:id/cancel': { response: tradeAnswer },
  'POST /api/trade-requests/:id/ship': { body: shipSchema.nullish(), response: tradeAnswer },
  'POST /api/trade-requests/:id/confirm-delivery': { body: confirmDeliverySchema.nullish(), response: tradeAnswer },
  'POST /api/trade-requests/:id/dispute': { body: disputeSchema, response: tradeAnswer },

  // Feedback after a trade
  'POST /api/trade-requests/:id/feedback': { body: feedbackSchema, response: { 201: feedbackViewSchema } },
  'GET /api/trade-requests/:id/feedback': { response: { 200: tradeFeedbackSchema } },
  'GET /api/members/:id/feedback': { response: { 200: z.array(feedbackViewSchema) } },
  'POST /api/feedback/:id/response': { body: feedbackResponseSchema, response: { 201: feedbackReplyCreatedSchema } },
  'POST /api/feedback/:id/report': { body: feedbackReportSchema, response: { 201: feedbackReportViewSchema } },
  'POST /api/feedback/:id/response/report': {
    body: feedbackReportSchema,
    response: { 201: feedbackReportViewSchema },
  },

  // Members (docs/api/members.md); the directory is paged
  'GET /api/members': { query: memberDirectoryQuerySchema, response: { 200: z.array(memberCardSchema) } },
  'GET /api/members/me/profile': { response: { 200: memberProfileSettingsSchema } },
  'PATCH /api/members/me/profile': { body: memberProfilePatchSchema, response: { 200: memberProfileSettingsSchema } },
  'GET /api/members/:id': { response: { 200: memberPageSchema } },

  // The forum (docs/product/community.md)
  'GET /api/community/posts': { query: communityPostsQuerySchema, response: { 200: z.array(communityPostViewSchema) } },
  'POST /api/community/posts': { body: createPostSchema, response: { 201: communityPostViewSchema } },
  'GET /api/community/posts/:postId': { response: { 200: communityPostDetailSchema } },
  'PATCH /api/community/posts/:postId': { body: updatePostSchema, response: { 200: communityPostViewSchema } },
  'DELETE /api/community/posts/:postId': { query: removalQuerySchema, response: { 204: removed } },
  'GET /api/community/posts/:postId/replies': { response: { 200: z.array(communityReplyViewSchema) } },
  'POST /api/community/posts/:postId/replies': { body: replySchema, response: { 201: communityReplyViewSchema } },
  'PATCH /api/community/replies/:replyId': { body: updateReplySchema, response: { 200: communityReplyViewSchema } },
  'DELETE /api/community/replies/:replyId': { query: removalQuerySchema, response: { 204: removed } },
  'POST /api/community/like': { body: likeSchema, response: { 200: likeAnswerSchema } },
  'POST /api/community/posts/:postId/pin': { body: pinPostSchema, response: { 200: communityPostViewSchema } },
  'POST /api/community/posts/:postId/lock': { body: lockPostSchema, response: { 200: communityPostViewSchema } },
  'POST /api/community/flags': { body: flagSchema, response: { 201: flagAnswerSchema } },
  'GET /api/community/activities': {
    query: communityActivitiesQuerySchema,
    response: { 200: z.array(communityActivityViewSchema) },
  },

  'GET /api/notifications': { response: { 200: z.array(notificationViewSchema) } },
  'GET /api/notifications/unread-count': { response: { 200: countSchema } },
  'POST /api/notifications/read-all': { response: { 200: markedReadSchema } },
  'POST /api/notifications/:id/read': { response: { 200: notificationViewSchema } },

  'POST /api/contact': { body: contactVisitorSchema, response: { 200: contactSentSchema } },
  'POST /api/contact/club-team': { body: contactMemberSchema, response: { 201: contactThreadSchema } },

  'GET /api/points/transactions': { response: { 200: z.array(ledgerEntrySchema) } },

  // Administration (docs/api/admin.md): administrators only. Users, actions and reports are paged.
  'GET /api/admin/overview': { response: { 200: adminOverviewSchema } },
  'GET /api/admin/users': { query: adminUserListQuerySchema, response: { 200: z.array(memberAdminSchema) } },
  'GET /api/admin/users/:id': { response: { 200: adminMemberDetailSchema } },
  'PATCH /api/admin/users/:id/admin': { body: adminToggleSchema, response: { 200: memberAdminSchema } },
  'POST /api/admin/users/:id/points': { body: pointsAdjustmentSchema, response: { 200: memberAdminSchema } },
  'POST /api/admin/users/:id/suspend': { body: suspendSchema, response: { 200: memberAdminSchema } },
  'POST /api/admin/users/:id/unsuspend': { response: { 200: memberAdminSchema } },
  'GET /api/admin/points': { response: { 200: pointsSummarySchema } },
  'GET /api/admin/settings': { response: { 200: z.array(systemSettingSchema) } },
  'POST /api/admin/settings': { body: settingSchema, response: { 201: systemSettingSchema } },
  'PATCH /api/admin/settings/:id': { body: settingPatchSchema, response: { 200: systemSettingSchema } },
  'DELETE /api/admin/settings/:id': { response: { 204: deleted } },
  'GET /api/admin/manufacturers': { response: { 200: z.array(adminManufacturerSchema) } },
  'POST /api/admin/manufacturers': { body: manufacturerCreateSchema, response: { 201: adminManufacturerSchema } },
  'PATCH /api/admin/manufacturers/:id': { body: manufacturerPatchSchema, response: { 200: adminManufacturerSchema } },
  'DELETE /api/admin/manufacturers/:id': { response: { 204: deleted } },
  'GET /api/admin/actions': { query: adminActionListQuerySchema, response: { 200: z.array(adminActionViewSchema) } },
  'GET /api/admin/actions/admins': { response: { 200: z.array(loggingAdminSchema) } },
  'GET /api/admin/reports': { query: reportListQuerySchema, response: { 200: z.array(reportViewSchema) } },
  'POST /api/admin/reports/:id/resolve': { body: resolveReportSchema, response: { 200: reportViewSchema } },
  'GET /api/admin/trade-requests': { query: disputeListQuerySchema, response: { 200: z.array(tradeViewSchema) } },
  'POST /api/admin/trade-requests/:id/resolve': { body: resolveDisputeSchema, response: tradeAnswer },
} satisfies Record<`${Method} /api/${string}`, RouteContract>;

export type ApiContract = typeof apiContract;
/** A call's key: its method and path template, 'GET /api/members/:id'. */
export type ApiRoute = keyof ApiContract;
