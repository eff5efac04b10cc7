// Sign-up, sign-in and password schemas (docs/product/accounts.md) shared by the auth dialogs and the
// server's auth routes. Emails are trimmed and lower-cased here, so every later comparison
// (lookup, rate limit, uniqueness) is case-insensitive without further care.

import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { textField } from './fields';
import { memberSelfSchema } from './members';
import { isSafeReturnPath } from './return-path';

export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX} characters`;
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX} characters`;
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const ACCEPT_TERMS_MESSAGE = 'You must accept the terms';
export const TOKEN_REQUIRED_MESSAGE = 'This link is invalid or has expired.';

export const emailField = textField('Email', EMAIL_INVALID_MESSAGE)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: EMAIL_TOO_LONG_MESSAGE })
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));

// Passwords are never trimmed: leading or trailing spaces are part of the secret.
export const loginPasswordField = textField('Password', PASSWORD_REQUIRED_MESSAGE)
  .min(1, { error: PASSWORD_REQUIRED_MESSAGE })
  .max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG_MESSAGE });

export const newPasswordField = textField('Password', PASSWORD_TOO_SHORT_MESSAGE)
  .min(PASSWORD_MIN, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG_MESSAGE });

// Tokens are opaque URL-safe strings; the cap keeps junk out of the hash lookup.
export const tokenField = textField('Token', TOKEN_REQUIRED_MESSAGE)
  .trim()
  .min(1, { error: TOKEN_REQUIRED_MESSAGE })
  .max(512, { error: TOKEN_REQUIRED_MESSAGE });

const returnToField = z
  .string({ error: 'Return path must be text' })
  .refine(isSafeReturnPath, { error: 'Return path must be a page of this site' })
  .optional();

// The Join dialog's form.
export const registerSchema = z.object({
  email: emailField,
  acceptTerms: z.literal(true, { error: ACCEPT_TERMS_MESSAGE }),
});
export type RegisterForm = z.input<typeof registerSchema>;

// POST /api/auth/register-email carries the address (docs/product/accounts.md#joining) and, when the visitor
// was on a page of the club (a puzzle they wanted), that page to come back to.
export const registerEmailBodySchema = z.object({ email: emailField, returnTo: returnToField });
export type RegisterEmailBody = z.output<typeof registerEmailBodySchema>;

export const loginSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean({ error: 'Remember me must be true or false' }).optional(),
});
export type LoginForm = z.input<typeof loginSchema>;
export type LoginBody = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

export const loginLinkSchema = z.object({ email: emailField, returnTo: returnToField });
export type LoginLinkBody = z.output<typeof loginLinkSchema>;

// The /verify-email and /reset-password forms.
export const setPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH_MESSAGE }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: PASSWORDS_DONT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.input<typeof setPasswordFormSchema>;

export const verifyEmailBodySchema = z.object({ token: tokenField, password: newPasswordField });
export type VerifyEmailBody = z.output<typeof verifyEmailBodySchema>;

export const resetPasswordBodySchema = z.object({ token: tokenField, password: newPasswordField });
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

export const loginLinkVerifyBodySchema = z.object({ token: tokenField });

/** POST /api/auth/verify-email/check: is the join link still good? Nothing is used up. */
export const verifyEmailCheckBodySchema = z.object({ token: tokenField });
export const LINK_STATES = ['ready', 'used', 'expired', 'unknown'] as const;
export const linkStateSchema = z.object({ state: z.enum(LINK_STATES) }).meta({ id: 'LinkState' });
export type LinkState = z.output<typeof linkStateSchema>['state'];
export type LoginLinkVerifyBody = z.output<typeof loginLinkVerifyBodySchema>;

// ---------------------------------------------------------------------------------------
// Answers

/** A sentence for the member: 'Please check your email…', 'Signed out'. */
export const authMessageSchema = z.object({ message: z.string() });

/** Signed in (password or e-mailed link): the member's own account. */
export const signedInSchema = z.object({ user: memberSelfSchema });
export type SignedIn = z.output<typeof signedInSchema>;

/** The verify link set the password: the account is active and signed in. */
export const registrationCompleteSchema = z.object({
  autoLogin: z.literal(true),
  user: memberSelfSchema,
  message: z.string(),
});
export type RegistrationComplete = z.output<typeof registrationCompleteSchema>;
