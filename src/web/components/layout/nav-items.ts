import {
  ArrowLeftRight,
  BookmarkCheck,
  Bell,
  CircleHelp,
  Mail,
  House,
  LayoutList,
  MessageSquare,
  Search,
  Shield,
  ShieldCheck,
  SquarePlus,
  UserRound,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { paths } from '../../paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Match the path exactly (Home would otherwise be 'current' on every page). */
  end?: boolean;
}

// docs/product/design.md#the-page-frame, in this order. The wide top bar shows these five plus Admin; the
// slide-in menu shows these, then Messages, Profile and Admin Panel.
export const primaryNavItems: NavItem[] = [
  { label: 'Home', href: paths.home.getHref(), icon: House, end: true },
  { label: 'Browse', href: paths.browsePuzzles.getHref(), icon: Search },
  { label: 'List Puzzle', href: paths.listPuzzle.getHref(), icon: SquarePlus },
  { label: 'My Listings', href: paths.myListings.getHref(), icon: LayoutList },
  { label: 'Community', href: paths.community.getHref(), icon: Users },
];

/** After these five: the member's trades (issue 6), on the wide top bar and in the menu. */
export const tradesNavItem: NavItem = { label: 'My Trades', href: paths.trades.getHref(), icon: ArrowLeftRight };
/** Saved searches and the wish list (docs/product/wanted.md). */
export const wantedNavItem: NavItem = { label: 'Wanted', href: paths.wanted.getHref(), icon: BookmarkCheck };
/** Trading notifications, a bell with the unread count beside Messages. */
export const notificationsNavItem: NavItem = {
  label: 'Notifications',
  href: paths.notifications.getHref(),
  icon: Bell,
};

export const messagesNavItem: NavItem = { label: 'Messages', href: paths.messages.getHref(), icon: MessageSquare };
export const profileNavItem: NavItem = { label: 'Profile', href: paths.profile.getHref(), icon: UserRound };

/** Admins only: 'Admin' on the wide top bar, 'Admin Panel' in the slide-in menu. */
export const adminNavItem: NavItem = { label: 'Admin', href: paths.admin.getHref(), icon: ShieldCheck };
export const ADMIN_MENU_LABEL = 'Admin Panel';

/** Help in plain words (issue 22): on the top bar and in the menu on every page, visitors' too. */
export const helpNavItem: NavItem = { label: 'Help', href: paths.help.getHref(), icon: CircleHelp };

/** A visitor's menu, after Help: the pages a visitor may open. */
export const publicNavItems: NavItem[] = [
  { label: 'Browse Puzzles', href: paths.browsePuzzles.getHref(), icon: Search },
  { label: 'Contact the club', href: paths.contact.getHref(), icon: Mail },
  { label: 'Privacy', href: paths.privacy.getHref(), icon: Shield },
];
