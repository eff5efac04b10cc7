import type { ReactNode } from 'react';
import type { CurrentUser } from '../../lib/current-user';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { TopBar, type VisitorActions } from './top-bar';

export interface PageFrameProps {
  user: CurrentUser | null;
  unreadCount: number;
  /** Unread trading notifications, for the bell on the top bar. */
  notificationCount?: number;
  onSignOut: () => void;
  isSigningOut: boolean;
  /** On the pages visitors may browse: Sign In and Join Now for a visitor. */
  visitorActions?: VisitorActions;
  children: ReactNode;
}

/**
 * The frame around every member page: skip link, top bar (sticky on tall screens), the page, footer.
 * It only shows what it is given; the router supplies the member, the unread count and
 * sign-out, so this shared component needs no feature's code.
 */
export function PageFrame({ children, ...topBar }: PageFrameProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar {...topBar} />
      {/* At least a screen tall: while a page loads, the footer waits below the fold instead of
          showing and then being pushed down (a layout shift, Lighthouse's CLS). */}
      <main id="main-content" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
