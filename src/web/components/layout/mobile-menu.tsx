import { useState } from 'react';
import { LogOut, Menu } from 'lucide-react';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import {
  ADMIN_MENU_LABEL,
  adminNavItem,
  messagesNavItem,
  notificationsNavItem,
  primaryNavItems,
  profileNavItem,
  tradesNavItem,
} from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { UnreadBadge } from './unread-badge';

export interface MobileMenuProps {
  email: string;
  isAdmin: boolean;
  unreadCount: number;
  notificationCount?: number;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/**
 * Narrow screens: a Menu button opening a panel from the right with every link, the
 * member's e-mail at the top and a Sign Out button. Choosing a link closes the panel.
 */
export function MobileMenu({
  email,
  isAdmin,
  unreadCount,
  notificationCount = 0,
  onSignOut,
  isSigningOut,
}: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const items = [...primaryNavItems, tradesNavItem, messagesNavItem, notificationsNavItem, profileNavItem];

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" className="px-3 max-sm:px-2">
          <Menu aria-hidden="true" className="size-6" />
          Menu
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="text-2xl font-bold">Menu</SheetTitle>
        <SheetDescription className="mt-2 text-ink-muted">
          Signed in as <span className="font-semibold break-all text-ink">{email}</span>
        </SheetDescription>
        <nav aria-label="Menu" className="mt-6">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.href}>
                <NavLinkItem item={item} showIcon className="w-full" onClick={close}>
                  {item === messagesNavItem && <UnreadBadge count={unreadCount} />}
                  {item === notificationsNavItem && (
                    <UnreadBadge count={notificationCount} describe={(count) => `${count} unread`} />
                  )}
                </NavLinkItem>
              </li>
            ))}
            {isAdmin && (
              <li>
                <NavLinkItem item={adminNavItem} label={ADMIN_MENU_LABEL} showIcon className="w-full" onClick={close} />
              </li>
            )}
          </ul>
        </nav>
        <Button
          variant="secondary"
          className="mt-6 w-full"
          disabled={isSigningOut}
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <LogOut aria-hidden="true" className="size-5" />
          Sign Out
        </Button>
      </SheetContent>
    </Sheet>
  );
}
