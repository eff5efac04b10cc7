import { renderEmail } from '../mail/templates';

// The words of every sign-in e-mail, in one place.

export function verifyEmail(link: string) {
  return renderEmail({
    subject: 'Complete your registration',
    heading: 'Welcome to Jigsaw Club!',
    paragraphs: [
      'Thank you for joining. To finish, please choose a password by opening the link below.',
      'Once you have set it you will be signed in and receive your 5 PuzzlePoints welcome gift.',
    ],
    action: { label: 'Complete your registration', url: link },
    footnote: 'This link works once and lasts 24 hours. If you did not ask to join, you can ignore this e-mail.',
  });
}

/** To an address that asked to join but already has an account: a one-time sign-in link. */
export function alreadyMemberEmail(signInLink: string) {
  return renderEmail({
    subject: 'You already have an account',
    heading: 'You are already a member',
    paragraphs: [
      'Someone (we hope you) asked to join Jigsaw Club with this e-mail address, but it already has an account.',
      'You can sign in with the link below, without your password. To choose a new password, use "Forgot password?" when signing in.',
    ],
    action: { label: 'Sign me in', url: signInLink },
    footnote:
      'This link works once and lasts 1 hour. If this was not you, you can ignore this e-mail: nothing has changed.',
  });
}

export function resetPasswordEmail(link: string) {
  return renderEmail({
    subject: 'Reset your password',
    heading: 'Reset your password',
    paragraphs: ['We received a request to reset the password for your Jigsaw Club account.'],
    action: { label: 'Choose a new password', url: link },
    footnote: 'This link works once and lasts 1 hour. If you did not ask for it, you can ignore this e-mail.',
  });
}

export function loginLinkEmail(link: string) {
  return renderEmail({
    subject: 'Your sign-in link',
    heading: 'Sign in to Jigsaw Club',
    paragraphs: ['Open the link below to sign in. You will not need your password.'],
    action: { label: 'Sign me in', url: link },
    footnote: 'This link works once and lasts 1 hour. If you did not ask for it, you can ignore this e-mail.',
  });
}
