import { LogOut } from 'lucide-react';
import type { CurrentUser } from '../../lib/current-user';
import { Button } from '../ui/button';
import { MobileMenu } from './mobile-menu';
import { Brand } from './brand';
import {
  adminNavItem,
  messagesNavItem,
  notificationsNavItem,
  primaryNavItems,
  profileNavItem,
  tradesNavItem,
} from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { UnreadBadge } from './unread-badge';

export interface TopBarProps {
  /** null for a visitor: the bar then shows only the club's name. */
  user: CurrentUser | null;
  unreadCount: number;
  /** Unread notices, trades' and forum replies' (0 hides the count). */
  notificationCount?: number;
  onSignOut: () => void;
  isSigningOut: boolean;
  /** On the pages visitors may browse: the way in, for a visitor. */
  visitorActions?: VisitorActions;
}

export type VisitorActions = { onSignIn: () => void; onJoin: () => void };

/** What a screen reader hears after 'Notifications': 'Notifications (2 unread)'. */
const notificationsLabel = (count: number) => `${count} unread`;

/**
 * The bar at the top of every member page (spec section 2), sticky where the screen is tall
 * enough: at 200% zoom on a laptop (a 400-px-high page) a sticky bar would keep a third of
 * the screen, so there it scrolls away with the page.
 */
export function TopBar({
  user,
  unreadCount,
  notificationCount = 0,
  onSignOut,
  isSigningOut,
  visitorActions,
}: TopBarProps) {
  return (
    <header className="relative z-40 border-b border-line bg-white [@media(min-height:40rem)]:sticky [@media(min-height:40rem)]:top-0">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-2 px-4">
        <Brand />
        {!user && visitorActions && (
          <div className="ml-auto flex flex-wrap items-center gap-2 py-2">
            <Button variant="secondary" onClick={visitorActions.onSignIn}>
              Sign In
            </Button>
            <Button onClick={visitorActions.onJoin}>Join Now</Button>
          </div>
        )}
        {user && (
          <>
            <nav aria-label="Main" className="hidden lg:block">
              <ul className="flex items-center">
                {primaryNavItems.map((item) => (
                  <li key={item.href}>
                    <NavLinkItem item={item} dense />
                  </li>
                ))}
                <li>
                  <NavLinkItem item={tradesNavItem} dense />
                </li>
                {user.isAdmin && (
                  <li>
                    <NavLinkItem item={adminNavItem} dense />
                  </li>
                )}
              </ul>
            </nav>
            {/* Wraps rather than run off a narrow screen at the member's largest text size. */}
            <div className="ml-auto flex flex-wrap items-center justify-end gap-1 max-sm:w-full max-sm:justify-between max-sm:gap-0">
              {/* Every control shows its word at every width (issue 14: no bare icons). On a
                  phone Profile and Sign out are in the menu; the group wraps under the name
                  rather than run off a narrow screen. */}
              <NavLinkItem item={messagesNavItem} showIcon dense>
                <UnreadBadge count={unreadCount} />
              </NavLinkItem>
              <NavLinkItem item={notificationsNavItem} showIcon dense>
                <UnreadBadge count={notificationCount} describe={notificationsLabel} />
              </NavLinkItem>
              <NavLinkItem item={profileNavItem} showIcon dense className="max-sm:hidden" />
              <Button variant="ghost" className="px-2 max-sm:hidden" disabled={isSigningOut} onClick={onSignOut}>
                <LogOut aria-hidden="true" className="size-6" />
                Sign out
              </Button>
              <div className="lg:hidden">
                <MobileMenu
                  email={user.email}
                  isAdmin={user.isAdmin}
                  unreadCount={unreadCount}
                  notificationCount={notificationCount}
                  onSignOut={onSignOut}
                  isSigningOut={isSigningOut}
                />
              </div>
            </div>
          </>
        )}
      </div>
    </header>
  );
}
