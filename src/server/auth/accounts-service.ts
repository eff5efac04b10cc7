import { eq, sql } from 'drizzle-orm';
import {
  FAILED_SIGN_IN_LIMIT,
  FAILED_SIGN_IN_WINDOW_MS,
  LOGIN_LINK_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  WELCOME_GIFT_POINTS,
} from '../../domain/constants';
import type { TokenPurpose } from '../../domain/enums';
import { isSuspended, suspendedMessage } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { authTokens, loginAttempts, users } from '../db/schema';
import { MailSendError, type Mailer } from '../mail/mailer';
import { changeBalance } from '../points/ledger';
import * as emails from './auth-emails';
import { beginLoginAttempt, markLoginAttemptSucceeded, recordSuccessfulSignIn } from './login-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { deleteMemberSessions, type MemberRow } from './sessions-repository';
import type { AddressLimiter } from './address-limiter';
import { consumeToken, deleteToken, invalidateTokens, issueToken } from './tokens-repository';

// Joining, signing in and recovering an account. E-mail addresses arrive lower-cased from
// the domain schemas. Answers never reveal whether an address has an account, neither by
// their words nor by the time they take (docs/decisions/0001-accounts.md).

/** Queues work to run after the answer has gone out (src/server/http/after-reply.ts). */
export type AfterReply = (task: string, work: () => Promise<void>) => void;

/**
 * `limiter` counts e-mails per address and purpose (see address-limiter.ts); `afterReply`
 * runs the per-address work of forgot-password and login-link once the answer is out.
 */
type Deps = { db: DbOrTx; mailer: Mailer; appUrl: string; limiter: AddressLimiter; afterReply: AfterReply };

export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return member;
}

/**
 * A suspended member may not sign in (docs/product/accounts.md#suspended-members): 403 saying until when and why. Asked only
 * once the member has proved who they are (the right password, or the e-mailed link), so the
 * answer tells a stranger nothing.
 */
function refuseSuspended(member: MemberRow, now = new Date()): void {
  if (isSuspended(member, now)) {
    throw new AppError('SUSPENDED', suspendedMessage(member.suspendedUntil, member.suspensionReason ?? ''));
  }
}

/** Ends every session of a member at once (an administrator suspended them). */
export async function endMemberSessions(db: DbOrTx, memberId: number): Promise<void> {
  await deleteMemberSessions(db, memberId);
}

/**
 * A closing membership (decision 0021): every session ends, and every e-mailed link and
 * sign-in record kept under the member's address is deleted, so nothing under that address
 * can sign in to the account again.
 */
export async function forgetSignIns(db: DbOrTx, memberId: number, email: string): Promise<void> {
  await deleteMemberSessions(db, memberId);
  const address = email.toLowerCase();
  await db.delete(authTokens).where(eq(authTokens.email, address));
  await db.delete(loginAttempts).where(eq(loginAttempts.email, address));
}

/** An account is active once its password is set (through the e-mailed verify link). */
function isActive(member: MemberRow | undefined): member is MemberRow {
  return Boolean(member?.passwordHash);
}

/** An e-mailed link: what its token is for, how long it lasts, the page it opens, its words. */
type LinkMail = {
  purpose: TokenPurpose;
  ttlMs: number;
  page: string;
  words: (link: string) => { subject: string; text: string; html: string };
};
const VERIFY: LinkMail = {
  purpose: 'verify_email',
  ttlMs: VERIFY_TOKEN_TTL_MS,
  page: '/verify-email',
  words: emails.verifyEmail,
};
const ALREADY_MEMBER: LinkMail = {
  purpose: 'login_link',
  ttlMs: LOGIN_LINK_TOKEN_TTL_MS,
  page: '/login-link',
  words: emails.alreadyMemberEmail,
};
const RESET: LinkMail = {
  purpose: 'reset_password',
  ttlMs: RESET_TOKEN_TTL_MS,
  page: '/reset-password',
  words: emails.resetPasswordEmail,
};
const LOGIN_LINK: LinkMail = {
  purpose: 'login_link',
  ttlMs: LOGIN_LINK_TOKEN_TTL_MS,
  page: '/login-link',
  words: emails.loginLinkEmail,
};

/**
 * Issues a token for `email` and mails it as a link (to `to`, the address as the member
 * spelled it). With `returnTo` (a path on this site, checked by the domain schema) the page
 * the link opens sends the member there once they are in. A failed send takes the token
 * back, so nothing is left behind, and rethrows.
 */
async function sendLinkMail(
  { db, mailer, appUrl }: Deps,
  email: string,
  kind: LinkMail,
  options: { to?: string; returnTo?: string } = {},
): Promise<void> {
  const token = await issueToken(db, email, kind.purpose, kind.ttlMs);
  // returnTo first: every e-mailed link of the club ends with its token.
  const returnTo = options.returnTo ? `returnTo=${encodeURIComponent(options.returnTo)}&` : '';
  const link = `${appUrl}${kind.page}?${returnTo}token=${token}`;
  const to = options.to ?? email;
  try {
    await mailer.send({ to, ...kind.words(link), link, kind: 'account' });
  } catch (err) {
    await deleteToken(db, token);
    throw err;
  }
}

/**
 * Join: e-mail a link to set a password. An address that already has an account gets a
 * "you are already a member" e-mail with a one-time sign-in link instead, so the answer is
 * the same either way, and so is the work before it: one lookup, one token, one e-mail, and a
 * member's answer takes as long as a stranger's. The answer waits for the mail server so a
 * failed send can be reported (503).
 */
export async function registerEmail(deps: Deps, email: string, returnTo?: string): Promise<void> {
  await deps.limiter.check(`verify_email:${email}`);
  const existing = await findMemberByEmail(deps.db, email);
  try {
    await sendLinkMail(deps, email, isActive(existing) ? ALREADY_MEMBER : VERIFY, { returnTo });
  } catch (err) {
    // The join e-mail is the whole answer to joining: a mail server that refuses it is a 503.
    if (err instanceof MailSendError) throw new AppError('SERVICE_UNAVAILABLE', 'Failed to send verification email');
    throw err;
  }
}

/**
 * The verify link's second half: set the password, create the active account and give the
 * welcome gift (one ledger row), all in one transaction. It signs the member in, so it counts
 * as a successful sign-in for the failed-sign-in limit.
 */
export async function completeRegistration(
  db: DbOrTx,
  token: string,
  password: string,
  ip: string,
): Promise<MemberRow> {
  const passwordHash = await hashPassword(password);
  return runInTransaction(db, async (tx) => {
    const email = await consumeToken(tx, token, 'verify_email');
    if (!email) throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
    const existing = await findMemberByEmail(tx, email);
    if (existing?.passwordHash) throw new AppError('INVALID_TOKEN', 'This account is already active. Please sign in.');
    const [member] = existing
      ? await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, existing.id)).returning()
      : // Points start at 0 and the gift arrives through the ledger, so balances always equal the ledger.
        await tx.insert(users).values({ email, passwordHash, emailVerified: true, puzzlePoints: 0 }).returning();
    await changeBalance(tx, { userId: member!.id, amount: WELCOME_GIFT_POINTS, reason: 'welcome_gift' });
    await recordSuccessfulSignIn(tx, email, ip);
    const [fresh] = await tx.select().from(users).where(eq(users.id, member!.id));
    refuseSuspended(fresh!);
    return fresh!;
  });
}

/**
 * Sign in with a password. After 10 failures in 15 minutes the address is refused with 429,
 * even with the right password. The attempt is recorded (as failed) before the slow password
 * check, in step with the count, so parallel guesses cannot slip past the limit while the
 * check runs (see login-attempts.ts).
 */
export async function login(db: DbOrTx, email: string, password: string, ip: string): Promise<MemberRow> {
  const attemptId = await beginLoginAttempt(db, email, ip, FAILED_SIGN_IN_LIMIT, FAILED_SIGN_IN_WINDOW_MS);
  if (attemptId === null) {
    throw new AppError(
      'RATE_LIMITED',
      'Too many unsuccessful sign-in attempts. Please wait 15 minutes, or use "Forgot password?" to reset it.',
    );
  }
  const member = await findMemberByEmail(db, email);
  const ok = await verifyPassword(member?.passwordHash ?? null, password);
  if (!ok || !member) throw new AppError('INVALID_CREDENTIALS');
  // The password was right: it does not count towards the failed sign-in lock.
  await markLoginAttemptSucceeded(db, attemptId);
  refuseSuspended(member);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, member.id));
  return member;
}

/**
 * Forgot-password and login-link answer before any work that depends on the address: only
 * the per-address limit is checked first (it counts every address alike). The lookup, the
 * token and the mail run after the answer, so its time says nothing about who is a member.
 * A failure there is logged by kind (after-reply.ts); the member can ask again.
 */
async function linkForActiveMember(deps: Deps, email: string, kind: LinkMail, returnTo?: string): Promise<void> {
  await deps.limiter.check(`${kind.purpose}:${email}`);
  deps.afterReply(`${kind.purpose} e-mail`, async () => {
    const member = await findMemberByEmail(deps.db, email);
    if (isActive(member)) await sendLinkMail(deps, email, kind, { to: member.email, returnTo });
  });
}

/** Forgot password: a reset link for an active account; silence otherwise. */
export async function sendPasswordReset(deps: Deps, email: string): Promise<void> {
  await linkForActiveMember(deps, email, RESET);
}

/**
 * Sets a new password and signs the member out everywhere (a reset often follows a worry).
 * In the same transaction every other unused reset and login link for the address stops
 * working, and a succeeded attempt lifts the failed-sign-in lock (the member has just proved
 * they own the mailbox, which is what the lock's message tells them to do).
 */
export async function resetPassword(db: DbOrTx, token: string, password: string, ip: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await runInTransaction(db, async (tx) => {
    const email = await consumeToken(tx, token, 'reset_password');
    const member = email ? await findMemberByEmail(tx, email) : undefined;
    if (!email || !member) throw new AppError('INVALID_TOKEN', 'The password reset link is invalid or expired.');
    await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, member.id));
    await deleteMemberSessions(tx, member.id);
    await invalidateTokens(tx, email, ['reset_password', 'login_link']);
    await recordSuccessfulSignIn(tx, email, ip);
  });
}

/** E-mail login link: a one-time sign-in link for an active account; silence otherwise. */
export async function sendLoginLink(deps: Deps, email: string, returnTo?: string): Promise<void> {
  await linkForActiveMember(deps, email, LOGIN_LINK, returnTo);
}

/** Signs in through an e-mailed link; like any successful sign-in it ends a failed-sign-in lock. */
export async function verifyLoginLink(db: DbOrTx, token: string, ip: string): Promise<MemberRow> {
  const email = await consumeToken(db, token, 'login_link');
  const member = email ? await findMemberByEmail(db, email) : undefined;
  if (!email || !isActive(member)) {
    throw new AppError('INVALID_TOKEN', 'This sign-in link is invalid or has expired.');
  }
  await recordSuccessfulSignIn(db, email, ip);
  refuseSuspended(member);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, member.id));
  return member;
}

export async function markWelcomeSeen(db: DbOrTx, userId: number): Promise<MemberRow> {
  const [member] = await db.update(users).set({ hasSeenWelcomeGift: true }).where(eq(users.id, userId)).returning();
  return member!;
}
