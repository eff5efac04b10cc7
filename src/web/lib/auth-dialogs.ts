// The landing page's account dialogs (docs/product/screens.md#landing-page): which one is open.
// The landing feature holds this state and the auth feature draws the dialogs; the router
// joins the two, so neither feature imports the other.
export type AuthDialogName = 'sign-in' | 'join' | 'forgot-password' | 'login-link';

export interface AuthDialogsProps {
  /** The open dialog, or null when none is. */
  open: AuthDialogName | null;
  /** Open another dialog (switching closes the current one), or close with null. */
  onOpenChange: (next: AuthDialogName | null) => void;
  /**
   * Set on the public pages a visitor browses (not the landing page): the page to come back
   * to from the e-mailed join or sign-in link. The membership terms are then not on the page,
   * so the Join dialog links to them on the landing page instead.
   */
  returnTo?: string;
}

const DIALOG_NAMES: readonly AuthDialogName[] = ['sign-in', 'join', 'forgot-password', 'login-link'];

/** Navigation state asking the landing page to open a dialog, e.g. from a spent e-mailed link. */
export interface OpenAuthDialogState {
  authDialog: AuthDialogName;
}

/** The dialog a navigation asked for, or null; anything else in the state is ignored. */
export function requestedAuthDialog(state: unknown): AuthDialogName | null {
  const name = (state as Partial<OpenAuthDialogState> | null)?.authDialog;
  return DIALOG_NAMES.find((known) => known === name) ?? null;
}
