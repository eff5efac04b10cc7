import { eq, sql } from 'drizzle-orm';
import {
  FAILED_SIGN_IN_LIMIT,
  FAILED_SIGN_IN_WINDOW_MS,
  LOGIN_LINK_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  WELCOME_GIFT_POINTS,
} from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { Mail, Mailer } from '../mail/mailer';
import { changeBalance } from '../points/ledger';
import * as emails from './auth-emails';
import { beginLoginAttempt, markLoginAttemptSucceeded, recordSuccessfulSignIn } from './login-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { deleteMemberSessions, type MemberRow } from './sessions-repository';
import type { AddressLimiter } from './address-limiter';
import { consumeToken, deleteToken, invalidateTokens, issueToken } from './tokens-repository';

// Joining, signing in and recovering an account. E-mail addresses arrive lower-cased from
// the domain schemas. Answers never reveal whether an address has an account.

/** `limiter` counts e-mails per address and purpose (see address-limiter.ts). */
type Deps = { db: DbOrTx; mailer: Mailer; appUrl: string; limiter: AddressLimiter };

export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return member;
}

/** An account is active once its password is set (through the e-mailed verify link). */
function isActive(member: MemberRow | undefined): member is MemberRow {
  return Boolean(member?.passwordHash);
}

/**
 * Join: e-mail a link to set a password. An address that already has an account gets a
 * friendly "you are already a member" e-mail instead, so the answer is the same either way.
 * If sending fails nothing is left behind and the caller reports the failure.
 */
export async function registerEmail({ db, mailer, appUrl, limiter }: Deps, email: string): Promise<void> {
  limiter.check(`verify_email:${email}`);
  const existing = await findMemberByEmail(db, email);
  if (isActive(existing)) {
    await mailer.send({ to: email, ...emails.alreadyMemberEmail(`${appUrl}/`), link: `${appUrl}/` });
    return;
  }
  const token = await issueToken(db, email, 'verify_email', VERIFY_TOKEN_TTL_MS);
  const link = `${appUrl}/verify-email?token=${token}`;
  try {
    await mailer.send({ to: email, ...emails.verifyEmail(link), link });
  } catch (err) {
    await deleteToken(db, token);
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
  return db.transaction(async (tx) => {
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
  await markLoginAttemptSucceeded(db, attemptId);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, member.id));
  return member;
}

/**
 * Reset and login-link mail is sent after the answer: waiting for the mail server only when
 * the address has an account would let response times reveal who is a member. (The mailer
 * logs a failed send.)
 */
function sendInBackground(mailer: Mailer, mail: Mail): void {
  mailer.send(mail).catch(() => {});
}

/** Forgot password: a reset link for an active account; silence otherwise. */
export async function sendPasswordReset({ db, mailer, appUrl, limiter }: Deps, email: string): Promise<void> {
  limiter.check(`reset_password:${email}`);
  const member = await findMemberByEmail(db, email);
  if (!isActive(member)) return;
  const token = await issueToken(db, email, 'reset_password', RESET_TOKEN_TTL_MS);
  const link = `${appUrl}/reset-password?token=${token}`;
  sendInBackground(mailer, { to: member.email, ...emails.resetPasswordEmail(link), link });
}

/**
 * Sets a new password and signs the member out everywhere (a reset often follows a worry).
 * In the same transaction every other unused reset and login link for the address stops
 * working, and a succeeded attempt lifts the failed-sign-in lock (the member has just proved
 * they own the mailbox, which is what the lock's message tells them to do).
 */
export async function resetPassword(db: DbOrTx, token: string, password: string, ip: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
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
export async function sendLoginLink({ db, mailer, appUrl, limiter }: Deps, email: string): Promise<void> {
  limiter.check(`login_link:${email}`);
  const member = await findMemberByEmail(db, email);
  if (!isActive(member)) return;
  const token = await issueToken(db, email, 'login_link', LOGIN_LINK_TOKEN_TTL_MS);
  const link = `${appUrl}/login-link?token=${token}`;
  sendInBackground(mailer, { to: member.email, ...emails.loginLinkEmail(link), link });
}

/** Signs in through an e-mailed link; like any successful sign-in it ends a failed-sign-in lock. */
export async function verifyLoginLink(db: DbOrTx, token: string, ip: string): Promise<MemberRow> {
  const email = await consumeToken(db, token, 'login_link');
  const member = email ? await findMemberByEmail(db, email) : undefined;
  if (!email || !isActive(member)) {
    throw new AppError('INVALID_TOKEN', 'This sign-in link is invalid or has expired.');
  }
  await recordSuccessfulSignIn(db, email, ip);
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, member.id));
  return member;
}

export async function markWelcomeSeen(db: DbOrTx, userId: number): Promise<MemberRow> {
  const [member] = await db.update(users).set({ hasSeenWelcomeGift: true }).where(eq(users.id, userId)).returning();
  return member!;
}
