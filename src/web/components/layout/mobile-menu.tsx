import { useState } from 'react';
import { LogOut, Menu } from 'lucide-react';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import {
  ADMIN_MENU_LABEL,
  adminNavItem,
  helpNavItem,
  messagesNavItem,
  notificationsNavItem,
  primaryNavItems,
  profileNavItem,
  publicNavItems,
  tradesNavItem,
  wantedNavItem,
} from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { TextSizeChoices } from './text-size-control';
import { UnreadBadge } from './unread-badge';

export interface MemberMenuProps {
  email: string;
  isAdmin: boolean;
  unreadCount: number;
  notificationCount?: number;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/** A member's menu; a visitor's (browse, a puzzle's page, contact, the landing page) has no member links. */
export type MobileMenuProps = { member: MemberMenuProps } | { member?: undefined };

/**
 * Narrow screens: a Menu button opening a panel from the right with every link, Help and
 * the text size (issue 22); a member's e-mail at the top and a Sign Out button at the foot.
 * Choosing a link closes the panel; choosing a text size does not, so the change is seen.
 */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

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
        {props.member ? <MemberLinks {...props.member} close={close} /> : <VisitorLinks close={close} />}
      </SheetContent>
    </Sheet>
  );
}

function MemberLinks({
  email,
  isAdmin,
  unreadCount,
  notificationCount = 0,
  onSignOut,
  isSigningOut,
  close,
}: MemberMenuProps & { close: () => void }) {
  const items = [
    ...primaryNavItems,
    tradesNavItem,
    wantedNavItem,
    messagesNavItem,
    notificationsNavItem,
    profileNavItem,
  ];
  return (
    <>
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
          <li>
            <NavLinkItem item={helpNavItem} showIcon className="w-full" onClick={close} />
          </li>
        </ul>
      </nav>
      <TextSizeChoices className="mt-6" />
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
    </>
  );
}

function VisitorLinks({ close }: { close: () => void }) {
  return (
    <>
      <SheetDescription className="mt-2 text-ink-muted">Help, the text size and the club’s pages.</SheetDescription>
      <nav aria-label="Menu" className="mt-6">
        <ul className="flex flex-col gap-1">
          {[helpNavItem, ...publicNavItems].map((item) => (
            <li key={item.href}>
              <NavLinkItem item={item} showIcon className="w-full" onClick={close} />
            </li>
          ))}
        </ul>
      </nav>
      <TextSizeChoices className="mt-6" />
    </>
  );
}
