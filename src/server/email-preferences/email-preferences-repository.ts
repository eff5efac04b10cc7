import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { EmailChoice, MessageEmailChoice, NotificationPreferences } from '../../domain/email-preferences';
import type { DbOrTx } from '../db/client';
import { savedSearches, users } from '../db/schema';

// The member's e-mail choices: three columns of users (docs/product/email.md#preferences).

const columns = {
  messages: users.emailMessages,
  forum: users.emailForum,
  wanted: users.emailWanted,
  email: users.email,
};

export type PreferencesRow = Omit<NotificationPreferences, 'trades'> & { email: string };

/** An open membership's choices; null for no such member (or a closed one). */
export async function findPreferences(db: DbOrTx, memberId: number): Promise<PreferencesRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, memberId), isNull(users.closedAt)));
  return row ?? null;
}

export async function savePreferences(
  db: DbOrTx,
  memberId: number,
  patch: { messages?: MessageEmailChoice; forum?: EmailChoice; wanted?: EmailChoice },
): Promise<void> {
  const set = {
    ...(patch.messages ? { emailMessages: patch.messages } : {}),
    ...(patch.forum ? { emailForum: patch.forum } : {}),
    ...(patch.wanted ? { emailWanted: patch.wanted } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, memberId));
}

/** Every saved-search alert of the member set to `from` becomes off (a digest's unsubscribe). */
export async function turnOffSavedSearchAlerts(
  db: DbOrTx,
  memberId: number,
  from: readonly EmailChoice[],
): Promise<void> {
  await db
    .update(savedSearches)
    .set({ alert: 'off' })
    .where(and(eq(savedSearches.memberId, memberId), inArray(savedSearches.alert, [...from])));
}
