import { useSendLoginLink } from '../api/send-login-link';
import type { AuthDialogProps } from './auth-dialogs';
import { EmailLinkDialog, type EmailLinkTexts } from './email-link-dialog';

export const LOGIN_LINK_CONFIRMATION = "We've sent a secure login link to your email";

const TEXTS: EmailLinkTexts = {
  title: 'Email Login Link',
  intro: "No password needed: enter your email address and we'll send you a link that signs you in.",
  confirmation: LOGIN_LINK_CONFIRMATION,
  submitLabel: 'Send Login Link',
  busyLabel: 'Sending Login Link...',
  sentToast: { title: 'Login link sent', description: 'Check your email for a link that signs you in.' },
  failureTitle: 'Failed to send login link',
};

/** The e-mail login link dialog: signing in without a password, through a one-time link. */
export function LoginLinkDialog(props: AuthDialogProps) {
  // The e-mailed link brings the member back to the page they were on (returnTo).
  return <EmailLinkDialog {...props} texts={TEXTS} useSend={useSendLoginLink} />;
}
