import {
  UNSUBSCRIBE_BAD_TOKEN,
  UNSUBSCRIBE_WHAT,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type UnsubscribableKind,
  type UnsubscribeInfo,
} from '../../domain/email-preferences';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { readUnsubscribeToken } from '../mail/unsubscribe-token';
import { findPreferences, savePreferences, turnOffSavedSearchAlerts } from './email-preferences-repository';

// docs/product/email.md: what a member hears by e-mail and how often, and the one-click
// unsubscribe of every e-mail that has one.

function view(row: {
  messages: NotificationPreferences['messages'];
  forum: NotificationPreferences['forum'];
  wanted: NotificationPreferences['wanted'];
}): NotificationPreferences {
  return { messages: row.messages, forum: row.forum, wanted: row.wanted, trades: 'instant' };
}

export async function notificationPreferences(db: DbOrTx, memberId: number): Promise<NotificationPreferences> {
  const row = await findPreferences(db, memberId);
  if (!row) throw new AppError('NOT_FOUND');
  return view(row);
}

export async function updateNotificationPreferences(
  db: DbOrTx,
  memberId: number,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  await savePreferences(db, memberId, patch);
  return notificationPreferences(db, memberId);
}

/** The default alert of a member's new saved search: their `wanted` choice. */
export async function defaultSavedSearchAlert(
  db: DbOrTx,
  memberId: number,
): Promise<NotificationPreferences['wanted']> {
  return (await notificationPreferences(db, memberId)).wanted;
}

/** The member and kind of a valid token; 400 with the product's words otherwise. */
async function tokenFor(db: DbOrTx, secret: string, token: string) {
  const named = readUnsubscribeToken(secret, token);
  const row = named && (await findPreferences(db, named.memberId));
  if (!named || !row) throw new AppError('VALIDATION', UNSUBSCRIBE_BAD_TOKEN);
  return { ...named, email: row.email };
}

/** What a link will turn off, for its page (changes nothing). */
export async function unsubscribeInfo(db: DbOrTx, secret: string, token: string): Promise<UnsubscribeInfo> {
  const { kind, email } = await tokenFor(db, secret, token);
  return { kind, what: UNSUBSCRIBE_WHAT[kind], email };
}

/**
 * Turns the token's kind off. A digest's link turns off everything that period's digest
 * would carry: each preference set to that period, and each saved-search alert of it.
 */
export async function unsubscribe(db: DbOrTx, secret: string, token: string): Promise<UnsubscribeInfo> {
  const info = await unsubscribeInfo(db, secret, token);
  const { memberId } = readUnsubscribeToken(secret, token)!;
  await runInTransaction(db, async (tx) => turnOff(tx, memberId, info.kind));
  return info;
}

async function turnOff(tx: DbOrTx, memberId: number, kind: UnsubscribableKind): Promise<void> {
  if (kind === 'messages' || kind === 'forum') return savePreferences(tx, memberId, { [kind]: 'off' });
  if (kind === 'wanted') {
    await savePreferences(tx, memberId, { wanted: 'off' });
    return turnOffSavedSearchAlerts(tx, memberId, ['instant', 'daily', 'weekly']);
  }
  const period = kind === 'digest_daily' ? 'daily' : 'weekly';
  const current = (await findPreferences(tx, memberId))!;
  await savePreferences(tx, memberId, {
    ...(current.messages === period ? { messages: 'off' as const } : {}),
    ...(current.forum === period ? { forum: 'off' as const } : {}),
    ...(current.wanted === period ? { wanted: 'off' as const } : {}),
  });
  await turnOffSavedSearchAlerts(tx, memberId, [period]);
}
