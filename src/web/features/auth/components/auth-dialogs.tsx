import { useLayoutEffect, useRef, useState } from 'react';
import type { AuthDialogName, AuthDialogsProps } from '../../../lib/auth-dialogs';
import { landingAnchors } from '../../../paths';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginLinkDialog } from './login-link-dialog';
import { RegisterDialog, type JoinDraft } from './register-dialog';
import { SignInDialog } from './sign-in-dialog';

/** What every account dialog gets from AuthDialogs. */
export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Close this dialog and open another one in its place. */
  onSwitch: (next: AuthDialogName) => void;
  /** Where focus goes when this dialog closes (see AuthDialogs). */
  onCloseAutoFocus: (event: Event) => void;
  /** The page an e-mailed link brings the member back to (see AuthDialogsProps). */
  returnTo?: string;
}

/**
 * All of the landing page's account dialogs (docs/product/screens.md#landing-page). Switching from one to another
 * goes through onOpenChange, so only one is ever open. Each dialog draws its form only while
 * open, so closing one forgets what was typed and any 'sent' confirmation.
 *
 * Focus: Radix returns focus when a dialog closes, but when one dialog replaces another that
 * would pull focus out of the new dialog, and the new one would remember a button that no
 * longer exists. So the button that opened the first dialog (Sign In, Join Now) is kept here,
 * and focus goes back to it only when the last dialog closes. The Join dialog's link to the
 * membership terms closes it and sends focus to the terms on the page instead, keeping what
 * was typed in it for when Join opens again.
 */
export function AuthDialogs({ open, onOpenChange, returnTo }: AuthDialogsProps) {
  const opener = useRef<HTMLElement | null>(null);
  const current = useRef<AuthDialogName | null>(null);
  /** The id of the page section to show once the dialog has gone, instead of the opener. */
  const showAfterClose = useRef<string | null>(null);
  /**
   * What the visitor typed in Join before going to read the terms: Join opens with it again
   * (issue 22). Closing Join any other way forgets it, as every dialog forgets on closing.
   */
  const [joinDraft, setJoinDraft] = useState<JoinDraft | null>(null);

  // Layout effect: runs before Radix moves focus into the dialog, so the opener still has it.
  useLayoutEffect(() => {
    if (current.current === null && open !== null) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    current.current = open;
  }, [open]);

  const returnFocus = (event: Event) => {
    event.preventDefault();
    // Radix calls this a moment after the dialog has gone; by then another may be open.
    if (current.current !== null) return;
    const section = showAfterClose.current ? document.getElementById(showAfterClose.current) : null;
    showAfterClose.current = null;
    if (section) {
      // The section's heading is read out first; the page scrolls to the section's top.
      const heading = section.querySelector<HTMLElement>('h2[tabindex="-1"]') ?? section;
      heading.focus({ preventScroll: true });
      section.scrollIntoView({ block: 'start' });
    } else if (opener.current?.isConnected) {
      opener.current.focus();
    }
  };

  const propsFor = (name: AuthDialogName): AuthDialogProps => ({
    open: open === name,
    onOpenChange: (isOpen) => onOpenChange(isOpen ? name : null),
    onSwitch: (next) => onOpenChange(next),
    onCloseAutoFocus: returnFocus,
    returnTo,
  });

  const joinProps = propsFor('join');
  return (
    <>
      <SignInDialog {...propsFor('sign-in')} />
      <RegisterDialog
        {...joinProps}
        onOpenChange={(isOpen) => {
          if (!isOpen) setJoinDraft(null);
          joinProps.onOpenChange(isOpen);
        }}
        onSwitch={(next) => {
          setJoinDraft(null);
          joinProps.onSwitch(next);
        }}
        draft={joinDraft}
        onReadTerms={
          // Away from the landing page the terms are not on the page: the link leads there.
          returnTo === undefined
            ? (draft) => {
                setJoinDraft(draft);
                showAfterClose.current = landingAnchors.membershipTerms;
                onOpenChange(null);
              }
            : undefined
        }
      />
      <ForgotPasswordDialog {...propsFor('forgot-password')} />
      <LoginLinkDialog {...propsFor('login-link')} />
    </>
  );
}
