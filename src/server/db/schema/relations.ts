// Drizzle relations for the relational query API (db.query.*). They describe joins only;
// the foreign keys themselves are declared on the tables.
import { relations } from 'drizzle-orm';
import { adminActions } from './admin';
import { communityLikes, communityPosts, communityReplies, userAchievements, userActivities } from './community';
import { favorites, manufacturers, puzzleListings } from './listings';
import { messageThreadParticipants, messageThreads, messages } from './messages';
import {
  auditTrail,
  feedbackReports,
  feedbackResponses,
  pointsLedger,
  tradeRequests,
  tradingFeedback,
  tradingNotifications,
} from './trades';
import { memberProfiles, sessions, users } from './users';

export const usersRelations = relations(users, ({ one, many }) => ({
  memberProfile: one(memberProfiles),
  sessions: many(sessions),
  listings: many(puzzleListings),
  favorites: many(favorites),
  threadParticipations: many(messageThreadParticipants),
  ledger: many(pointsLedger),
  notifications: many(tradingNotifications),
  communityPosts: many(communityPosts),
  activities: many(userActivities),
  achievements: many(userAchievements),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const memberProfilesRelations = relations(memberProfiles, ({ one }) => ({
  user: one(users, { fields: [memberProfiles.userId], references: [users.id] }),
}));

export const manufacturersRelations = relations(manufacturers, ({ many }) => ({
  listings: many(puzzleListings),
}));

export const puzzleListingsRelations = relations(puzzleListings, ({ one, many }) => ({
  owner: one(users, { fields: [puzzleListings.userId], references: [users.id] }),
  manufacturer: one(manufacturers, {
    fields: [puzzleListings.manufacturerId],
    references: [manufacturers.id],
  }),
  favorites: many(favorites),
  tradeRequests: many(tradeRequests),
  threads: many(messageThreads),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  listing: one(puzzleListings, {
    fields: [favorites.puzzleListingId],
    references: [puzzleListings.id],
  }),
}));

export const messageThreadsRelations = relations(messageThreads, ({ one, many }) => ({
  listing: one(puzzleListings, {
    fields: [messageThreads.puzzleListingId],
    references: [puzzleListings.id],
  }),
  tradeRequest: one(tradeRequests, {
    fields: [messageThreads.tradeRequestId],
    references: [tradeRequests.id],
  }),
  participants: many(messageThreadParticipants),
  messages: many(messages),
}));

export const messageThreadParticipantsRelations = relations(messageThreadParticipants, ({ one }) => ({
  thread: one(messageThreads, {
    fields: [messageThreadParticipants.threadId],
    references: [messageThreads.id],
  }),
  user: one(users, { fields: [messageThreadParticipants.userId], references: [users.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  thread: one(messageThreads, { fields: [messages.threadId], references: [messageThreads.id] }),
  sender: one(users, { fields: [messages.senderId], references: [users.id] }),
}));

export const tradeRequestsRelations = relations(tradeRequests, ({ one, many }) => ({
  listing: one(puzzleListings, {
    fields: [tradeRequests.puzzleListingId],
    references: [puzzleListings.id],
  }),
  requester: one(users, {
    fields: [tradeRequests.requesterId],
    references: [users.id],
    relationName: 'trade_requester',
  }),
  owner: one(users, {
    fields: [tradeRequests.ownerId],
    references: [users.id],
    relationName: 'trade_owner',
  }),
  thread: one(messageThreads, { fields: [tradeRequests.threadId], references: [messageThreads.id] }),
  ledger: many(pointsLedger),
  feedback: many(tradingFeedback),
  notifications: many(tradingNotifications),
}));

export const pointsLedgerRelations = relations(pointsLedger, ({ one }) => ({
  user: one(users, { fields: [pointsLedger.userId], references: [users.id] }),
  tradeRequest: one(tradeRequests, {
    fields: [pointsLedger.tradeRequestId],
    references: [tradeRequests.id],
  }),
}));

export const tradingNotificationsRelations = relations(tradingNotifications, ({ one }) => ({
  user: one(users, { fields: [tradingNotifications.userId], references: [users.id] }),
  tradeRequest: one(tradeRequests, {
    fields: [tradingNotifications.tradeRequestId],
    references: [tradeRequests.id],
  }),
}));

export const tradingFeedbackRelations = relations(tradingFeedback, ({ one }) => ({
  tradeRequest: one(tradeRequests, {
    fields: [tradingFeedback.tradeRequestId],
    references: [tradeRequests.id],
  }),
  fromUser: one(users, {
    fields: [tradingFeedback.fromUserId],
    references: [users.id],
    relationName: 'feedback_given',
  }),
  toUser: one(users, {
    fields: [tradingFeedback.toUserId],
    references: [users.id],
    relationName: 'feedback_received',
  }),
  response: one(feedbackResponses),
}));

export const feedbackResponsesRelations = relations(feedbackResponses, ({ one }) => ({
  feedback: one(tradingFeedback, {
    fields: [feedbackResponses.feedbackId],
    references: [tradingFeedback.id],
  }),
}));

export const feedbackReportsRelations = relations(feedbackReports, ({ one }) => ({
  reportedBy: one(users, { fields: [feedbackReports.reportedByUserId], references: [users.id] }),
  feedback: one(tradingFeedback, {
    fields: [feedbackReports.feedbackId],
    references: [tradingFeedback.id],
  }),
  response: one(feedbackResponses, {
    fields: [feedbackReports.responseId],
    references: [feedbackResponses.id],
  }),
}));

export const auditTrailRelations = relations(auditTrail, ({ one }) => ({
  user: one(users, { fields: [auditTrail.userId], references: [users.id] }),
}));

export const communityPostsRelations = relations(communityPosts, ({ one, many }) => ({
  author: one(users, { fields: [communityPosts.userId], references: [users.id] }),
  replies: many(communityReplies),
  likes: many(communityLikes),
}));

export const communityRepliesRelations = relations(communityReplies, ({ one, many }) => ({
  post: one(communityPosts, { fields: [communityReplies.postId], references: [communityPosts.id] }),
  author: one(users, { fields: [communityReplies.userId], references: [users.id] }),
  parent: one(communityReplies, {
    fields: [communityReplies.parentReplyId],
    references: [communityReplies.id],
    relationName: 'reply_parent',
  }),
  children: many(communityReplies, { relationName: 'reply_parent' }),
  likes: many(communityLikes),
}));

export const communityLikesRelations = relations(communityLikes, ({ one }) => ({
  user: one(users, { fields: [communityLikes.userId], references: [users.id] }),
  post: one(communityPosts, { fields: [communityLikes.postId], references: [communityPosts.id] }),
  reply: one(communityReplies, {
    fields: [communityLikes.replyId],
    references: [communityReplies.id],
  }),
}));

export const userActivitiesRelations = relations(userActivities, ({ one }) => ({
  user: one(users, { fields: [userActivities.userId], references: [users.id] }),
}));

export const userAchievementsRelations = relations(userAchievements, ({ one }) => ({
  user: one(users, { fields: [userAchievements.userId], references: [users.id] }),
}));

export const adminActionsRelations = relations(adminActions, ({ one }) => ({
  admin: one(users, { fields: [adminActions.adminId], references: [users.id] }),
}));
