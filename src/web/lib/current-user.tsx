import { createContext, useContext, type ReactNode } from 'react';
import type { MemberSelf } from '../../domain/members';

/**
 * The signed-in member as GET /api/auth/user returns it: the domain's self view. Features
 * read it from this context rather than importing the auth feature, so no feature depends
 * on another.
 */
export type CurrentUser = MemberSelf;

// undefined = no provider (a programming error); null = signed out.
const CurrentUserContext = createContext<CurrentUser | null | undefined>(undefined);

export function CurrentUserProvider({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in member, or null for a visitor. */
export function useCurrentUser(): CurrentUser | null {
  const user = useContext(CurrentUserContext);
  if (user === undefined) throw new Error('useCurrentUser must be used inside CurrentUserProvider');
  return user;
}

/** The signed-in member on a member-only page (the router has already sent visitors to /). */
export function useMember(): CurrentUser {
  const user = useCurrentUser();
  if (!user) throw new Error('useMember is only for member-only pages');
  return user;
}

/** 'Ann' or, before the profile is filled in, the e-mail address. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email;
}

// docs/product/screens.md#member-home: 'a session flag for a new user' sends a member who has just
// joined on to their profile. /verify-email raises it; the member home takes it down. It
// lives in sessionStorage so a reload on the way keeps it, and a new visit does not.
const NEW_MEMBER_KEY = 'jigsaw-club:new-member';

export const newMemberFlag = {
  raise(): void {
    try {
      sessionStorage.setItem(NEW_MEMBER_KEY, 'true');
    } catch {
      // Storage can be switched off; the ?welcome=true query still does the job.
    }
  },
  isRaised(): boolean {
    try {
      return sessionStorage.getItem(NEW_MEMBER_KEY) === 'true';
    } catch {
      return false;
    }
  },
  lower(): void {
    try {
      sessionStorage.removeItem(NEW_MEMBER_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
