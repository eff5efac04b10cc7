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

/** The sticky bar at the top of every member page (spec section 2). */
export function TopBar({
  user,
  unreadCount,
  notificationCount = 0,
  onSignOut,
  isSigningOut,
  visitorActions,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white">
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
            <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
              {/* Icon-only below 1536px to fit (My Trades joined the bar); the label is still read out.
                  Between 1024 and 1280px with Admin, this group wraps under the links rather than overflow. */}
              <NavLinkItem
                item={messagesNavItem}
                showIcon
                labelClassName="sr-only 2xl:not-sr-only"
                className="max-sm:px-2"
              >
                <UnreadBadge count={unreadCount} />
              </NavLinkItem>
              <NavLinkItem item={notificationsNavItem} showIcon labelClassName="sr-only" className="max-sm:px-2">
                <UnreadBadge count={notificationCount} describe={notificationsLabel} />
              </NavLinkItem>
              <NavLinkItem
                item={profileNavItem}
                showIcon
                labelClassName="sr-only 2xl:not-sr-only"
                className="max-sm:hidden"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label="Sign out"
                title="Sign out"
                className="max-sm:hidden"
                disabled={isSigningOut}
                onClick={onSignOut}
              >
                <LogOut aria-hidden="true" className="size-6" />
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
