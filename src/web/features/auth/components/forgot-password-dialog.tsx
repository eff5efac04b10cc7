import { useForgotPassword } from '../api/forgot-password';
import type { AuthDialogProps } from './auth-dialogs';
import { EmailLinkDialog, type EmailLinkTexts } from './email-link-dialog';

// docs/product/accounts.md#not-revealing-accounts: the same words whether or not the address has an account.
export const FORGOT_PASSWORD_CONFIRMATION =
  "If an account with that email exists, we've sent you a secure link to reset your password.";

const TEXTS: EmailLinkTexts = {
  title: 'Forgot Password',
  intro: "Enter the email address you joined with and we'll send you a secure link to choose a new password.",
  confirmation: FORGOT_PASSWORD_CONFIRMATION,
  submitLabel: 'Send Reset Link',
  busyLabel: 'Sending Reset Link...',
  sentToast: { title: 'Reset link sent', description: 'Check your email for password reset instructions.' },
  failureTitle: 'Failed to send reset link',
};

/** The forgot-password dialog: an e-mail address, then a confirmation that does not say whether it is a member's. */
export function ForgotPasswordDialog({ returnTo: _signedOutAfterReset, ...props }: AuthDialogProps) {
  // A reset ends signed out on the home page, so there is no page to return to.
  return <EmailLinkDialog {...props} texts={TEXTS} useSend={useForgotPassword} />;
}
