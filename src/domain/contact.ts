// Talking to the club and leaving it (issue 14 point 4, docs/decisions/0021-contact-privacy-closing.md):
// the 'Contact the club' form, for visitors and for members, and 'Close my membership'.

import { z } from 'zod';
import { MESSAGE_MAX, THREAD_SUBJECT_MAX } from './constants';
import { emailField } from './auth';
import { requiredText } from './fields';
import { TRADE_STATUSES } from './enums';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_NAME_REQUIRED_MESSAGE = 'Please tell us your name';
export const CONTACT_MESSAGE_REQUIRED_MESSAGE = 'Please write your message';
export const CONTACT_SUBJECT_REQUIRED_MESSAGE = 'Please give your message a subject';

/** Visitors' messages per address (IP) per hour, and per e-mail address per hour. */
export const CONTACT_PER_IP_PER_HOUR = 10;
export const CONTACT_PER_EMAIL_PER_HOUR = 3;
/** Members' messages to the club team per member per hour. */
export const CONTACT_PER_MEMBER_PER_HOUR = 10;

export const CONTACT_RATE_LIMITED_MESSAGE =
  'You have sent us several messages in the last hour. Please wait an hour and try again, or write to us from your Messages page once you have joined.';

/** POST /api/contact: a visitor's message to the club team (name, e-mail, message). */
export const contactVisitorSchema = z.object({
  name: requiredText('Name', CONTACT_NAME_MAX, CONTACT_NAME_REQUIRED_MESSAGE),
  email: emailField,
  message: requiredText('Message', MESSAGE_MAX, CONTACT_MESSAGE_REQUIRED_MESSAGE),
});
export type ContactVisitorBody = z.output<typeof contactVisitorSchema>;
export type ContactVisitorInput = z.input<typeof contactVisitorSchema>;

/** POST /api/contact/club-team: a member's message, which opens a thread with the administrators. */
export const contactMemberSchema = z.object({
  subject: requiredText('Subject', THREAD_SUBJECT_MAX, CONTACT_SUBJECT_REQUIRED_MESSAGE),
  message: requiredText('Message', MESSAGE_MAX, CONTACT_MESSAGE_REQUIRED_MESSAGE),
});
export type ContactMemberBody = z.output<typeof contactMemberSchema>;
export type ContactMemberInput = z.input<typeof contactMemberSchema>;

export const CONTACT_SENT_MESSAGE =
  'Thank you. Your message has reached the club team, and we will reply by e-mail within two working days.';

/** The answer to a visitor's message. */
export const contactSentSchema = z.object({ message: z.string() }).meta({ id: 'ContactSent' });
export type ContactSent = z.output<typeof contactSentSchema>;

/** The answer to a member's message: the thread it opened (/messages?thread={threadId}). */
export const contactThreadSchema = z.object({ threadId: z.number() }).meta({ id: 'ContactThread' });
export type ContactThread = z.output<typeof contactThreadSchema>;

// ---------------------------------------------------------------------------------------
// Closing a membership

/** A trade that must finish before a membership can close. */
export const tradeUnderWaySchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(TRADE_STATUSES),
  /** 'Derek P.' (the other member). */
  partnerName: z.string(),
});
export type TradeUnderWay = z.output<typeof tradeUnderWaySchema>;

/** GET /api/profile/closing: what closing would do now, for the confirm dialog. */
export const closingPreviewSchema = z
  .object({
    /** Accepted, shipped or disputed trades: while there is one, closing is refused (409). */
    tradesUnderWay: z.array(tradeUnderWaySchema),
    /** Requests waiting for an answer, either way: closing cancels them. */
    pendingRequests: z.number(),
    /** Listings shown to members (active) or kept as drafts: closing withdraws them. */
    listings: z.number(),
    /** The balance, which closes with the account. */
    puzzlePoints: z.number(),
    /** True when the member is the club's only administrator: closing is refused (409). */
    lastAdministrator: z.boolean(),
  })
  .meta({ id: 'ClosingPreview' });
export type ClosingPreview = z.output<typeof closingPreviewSchema>;

export const CLOSE_CONFIRM_MESSAGE = 'Please confirm that you want to close your membership';

/** POST /api/profile/close: `{confirm: true}`, so a stray call cannot close an account. */
export const closeMembershipSchema = z.object({
  confirm: z.literal(true, { error: CLOSE_CONFIRM_MESSAGE }),
});
export type CloseMembershipBody = z.output<typeof closeMembershipSchema>;

export const MEMBERSHIP_CLOSED_MESSAGE =
  'Your membership is closed and your personal details have been erased. Thank you for being part of Jigsaw Club.';
export const LAST_ADMINISTRATOR_CLOSE_MESSAGE =
  "You are the club's only administrator. Please make another member an administrator before you close your membership.";

/** '"Castle" with Derek P. (accepted), …': the trades named in a refusal. */
export function tradesUnderWayMessage(trades: readonly TradeUnderWay[]): string {
  const list = trades.map((t) => `"${t.title}" with ${t.partnerName} (${t.status})`).join(', ');
  return `Your membership cannot close while a trade is under way. Please finish ${trades.length === 1 ? 'this trade' : 'these trades'} first: ${list}.`;
}

export const membershipClosedSchema = z.object({ message: z.string() }).meta({ id: 'MembershipClosed' });
