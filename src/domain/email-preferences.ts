import { z } from 'zod';

// What a member hears by e-mail, and how often (docs/product/email.md). Trade steps always
// come at once: each step of a trade e-mails the other party, and it cannot be turned off.

export const MESSAGE_EMAIL_CHOICES = ['instant', 'daily', 'off'] as const;
export const EMAIL_CHOICES = ['instant', 'daily', 'weekly', 'off'] as const;
export type MessageEmailChoice = (typeof MESSAGE_EMAIL_CHOICES)[number];
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** The two digests: daily at 07:00 and weekly on Monday at 07:00, club time. */
export const DIGEST_KINDS = ['daily', 'weekly'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
export const DIGEST_HOUR = 7;

/**
 * Every e-mail names its kind. The first four have no one-click unsubscribe: account e-mails
 * (verify, reset, sign-in link, and news about the membership itself), trade steps, an
 * administrator's duty mail, and a wish-list first offer (it waits for the member only a
 * short time, and comes whatever their choices). The rest each have a preference (or the
 * digest of a period).
 */
export const MAIL_KINDS = [
  'account',
  'trades',
  'admin',
  'wish_offer',
  'messages',
  'forum',
  'wanted',
  'digest_daily',
  'digest_weekly',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const UNSUBSCRIBABLE_KINDS = ['messages', 'forum', 'wanted', 'digest_daily', 'digest_weekly'] as const;
export type UnsubscribableKind = (typeof UNSUBSCRIBABLE_KINDS)[number];

export function isUnsubscribable(kind: MailKind): kind is UnsubscribableKind {
  return (UNSUBSCRIBABLE_KINDS as readonly string[]).includes(kind);
}

/** GET /api/notification-preferences. */
export const notificationPreferencesSchema = z
  .object({
    messages: z.enum(MESSAGE_EMAIL_CHOICES),
    forum: z.enum(EMAIL_CHOICES),
    wanted: z.enum(EMAIL_CHOICES),
    trades: z.literal('instant'),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

const choiceError = (name: string, choices: readonly string[]) => `${name} must be one of: ${choices.join(', ')}`;

/** PATCH /api/notification-preferences: any of the three; what is left out stays as it is. */
export const notificationPreferencesPatchSchema = z
  .strictObject(
    {
      messages: z.enum(MESSAGE_EMAIL_CHOICES, { error: choiceError('Messages', MESSAGE_EMAIL_CHOICES) }).optional(),
      forum: z.enum(EMAIL_CHOICES, { error: choiceError('Forum replies', EMAIL_CHOICES) }).optional(),
      wanted: z.enum(EMAIL_CHOICES, { error: choiceError('Saved searches', EMAIL_CHOICES) }).optional(),
    },
    { error: 'Trade e-mails always come at once and cannot be changed' },
  )
  .refine((p) => p.messages !== undefined || p.forum !== undefined || p.wanted !== undefined, {
    error: 'Choose at least one e-mail setting to change',
  });
export type NotificationPreferencesPatch = z.output<typeof notificationPreferencesPatchSchema>;

/** The unsubscribe page's and call's query: the token from the e-mail's link. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid' })
    .min(1, { error: 'This unsubscribe link is not valid' })
    .max(200, { error: 'This unsubscribe link is not valid' }),
});

/** What the unsubscribe page says it will turn off, and says once done. */
export const UNSUBSCRIBE_WHAT: Record<UnsubscribableKind, string> = {
  messages: 'e-mails about new messages',
  forum: 'e-mails about replies to your forum posts',
  wanted: 'e-mails about new matches for your saved searches',
  digest_daily: 'the daily summary e-mail',
  digest_weekly: 'the weekly summary e-mail',
};

/** GET /api/unsubscribe: who and what, before the member presses the button. */
export const unsubscribeInfoSchema = z
  .object({ kind: z.enum(UNSUBSCRIBABLE_KINDS), what: z.string(), email: z.string() })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.output<typeof unsubscribeInfoSchema>;

export const UNSUBSCRIBE_BAD_TOKEN =
  'This unsubscribe link is not valid. You can change your e-mails on your profile page after signing in.';

/** The words a member reads for each choice on the profile page. */
export const EMAIL_CHOICE_LABELS: Record<EmailChoice, string> = {
  instant: 'At once',
  daily: 'Once a day (at 7 in the morning)',
  weekly: 'Once a week (Monday at 7 in the morning)',
  off: 'Never',
};
