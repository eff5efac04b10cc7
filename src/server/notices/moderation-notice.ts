import { memberContact } from '../community/community-repository';
import type { DbOrTx } from '../db/client';
import { recordNotice, type Outbox } from './notices';

// What an author is told when the club team hides, restores or removes something they wrote
// (a post, a reply, feedback, or a reply to feedback): kindly, with the administrator's note
// when there is one (decision 0027). In the transaction of the decision, as every notice; by
// e-mail too unless it is forum writing and the author turned forum e-mails off.

export type ModerationDecision = 'hidden' | 'restored' | 'removed';

export type ModeratedWriting = {
  authorId: number | null;
  /** 'your post "Sunday swap"', 'your feedback for Colin W.' */
  what: string;
  /** Where it stands in the app (restored: to see it again). */
  link: { path: string; label: string };
  /** Forum writing follows the author's forum e-mail choice; trade feedback is always e-mailed. */
  forum: boolean;
};

const TITLES: Record<ModerationDecision, (what: string) => string> = {
  hidden: (what) => `The club team has hidden ${what}`,
  restored: (what) => `${capitalise(what)} is back on show`,
  removed: (what) => `The club team has removed ${what}`,
};

const SAYS: Record<ModerationDecision, (what: string) => string> = {
  hidden: (what) =>
    `An administrator has read ${what} and taken it out of view for other members. You have not lost ` +
    'anything else, and you are very welcome to keep taking part.',
  restored: (what) =>
    `An administrator has looked again at ${what} and it is back where it was, for everyone to read. ` +
    'Thank you for your patience.',
  removed: (what) =>
    `An administrator has removed ${what}. You are very welcome to keep taking part; if anything is ` +
    'unclear, the club team is happy to explain.',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Tells the author (nobody once they have left, nor the administrator who decided about their own words). */
export async function tellAuthor(
  tx: DbOrTx,
  outbox: Outbox,
  writing: ModeratedWriting,
  decision: { what: ModerationDecision; note: string | null; adminId: number; at: Date },
): Promise<void> {
  if (writing.authorId === null || writing.authorId === decision.adminId) return;
  const author = await memberContact(tx, writing.authorId);
  if (!author) return;
  const note = decision.note ? ` The administrator's note: "${decision.note}"` : '';
  await recordNotice(tx, outbox, {
    at: decision.at,
    notifications: [
      {
        member: { id: author.id, email: author.email },
        tradeRequestId: null,
        type: `moderation_${decision.what}`,
        title: TITLES[decision.what](writing.what),
        message: SAYS[decision.what](writing.what) + note,
        link: writing.link,
        email: writing.forum ? author.forumEmailNow : true,
      },
    ],
  });
}
