import { LogOut } from 'lucide-react';
import type { CurrentUser } from '../../lib/current-user';
import { Button } from '../ui/button';
import { MobileMenu } from './mobile-menu';
import { Brand } from './brand';
import { HelpAndTextSize } from './help-and-text-size';
import {
  adminNavItem,
  messagesNavItem,
  notificationsNavItem,
  primaryNavItems,
  profileNavItem,
  tradesNavItem,
  wantedNavItem,
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
 * The bar at the top of every member page (docs/product/design.md#the-page-frame), sticky where the screen is tall
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
      {/* Below the wide layout the rows sit flush (no row gap): two 44-px rows of controls make
          a bar under 90 px high on a phone, where a taller sticky bar took a third of the screen. */}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-2 px-4 max-lg:gap-y-0">
        <Brand />
        {/* Help and Text size on every page (issue 22): on the wide bar as worded controls; below
            it in the menu, so the bar keeps its two rows (decision 0018): the club's name and Menu,
            then the ways in. */}
        {!user && (
          <>
            <div className="ml-auto lg:hidden">
              <MobileMenu />
            </div>
            <div className="flex flex-wrap items-center gap-2 py-2 max-lg:py-1 max-sm:w-full max-sm:justify-end lg:ml-auto">
              <HelpAndTextSize />
              {visitorActions && (
                <>
                  <Button variant="secondary" onClick={visitorActions.onSignIn}>
                    Sign In
                  </Button>
                  <Button onClick={visitorActions.onJoin}>Join Now</Button>
                </>
              )}
            </div>
          </>
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
                <li>
                  <NavLinkItem item={wantedNavItem} dense />
                </li>
                {user.isAdmin && (
                  <li>
                    <NavLinkItem item={adminNavItem} dense />
                  </li>
                )}
              </ul>
            </nav>
            {/* Below the wide layout: the Menu button beside the club's name (first row, and
                next in keyboard order), the member's own links on the row below. */}
            <div className="ml-auto lg:hidden">
              <MobileMenu
                member={{
                  email: user.email,
                  isAdmin: user.isAdmin,
                  unreadCount,
                  notificationCount,
                  onSignOut,
                  isSigningOut,
                }}
              />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-1 max-lg:w-full max-sm:justify-start lg:ml-auto">
              {/* Every control shows its word at every width (issue 14: no bare icons). On a
                  phone Profile and Sign out are in the menu. Below the wide layout the words go
                  without icons, so the row keeps to one line with both unread counts (a 390-px
                  phone, 200% zoom); it still wraps rather than run off a narrow screen at the
                  member's largest text size. */}
              <HelpAndTextSize />
              <NavLinkItem item={messagesNavItem} showIcon iconClassName="max-lg:hidden" dense>
                <UnreadBadge count={unreadCount} />
              </NavLinkItem>
              <NavLinkItem item={notificationsNavItem} showIcon iconClassName="max-lg:hidden" dense>
                <UnreadBadge count={notificationCount} describe={notificationsLabel} />
              </NavLinkItem>
              <NavLinkItem
                item={profileNavItem}
                showIcon
                iconClassName="max-lg:hidden"
                dense
                className="max-sm:hidden"
              />
              <Button variant="ghost" className="px-2 max-sm:hidden" disabled={isSigningOut} onClick={onSignOut}>
                <LogOut aria-hidden="true" className="size-6 max-lg:hidden" />
                Sign out
              </Button>
            </div>
          </>
        )}
      </div>
    </header>
  );
}
