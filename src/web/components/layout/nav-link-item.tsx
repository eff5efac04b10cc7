import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import type { NavItem } from './nav-items';

// NavLink sets aria-current="page" on the link of the page being shown; the current link's
// word is also underlined, so it does not rely on colour alone. Only the word: an underline
// running on under the unread count read as part of the number.
const base =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold whitespace-nowrap text-ink hover:bg-brand-50';
const current = 'bg-brand-50 text-brand-800';
const currentLabel = 'underline decoration-[3px] underline-offset-[6px]';

export interface NavLinkItemProps {
  item: NavItem;
  /** Replaces item.label (the menu says 'Admin Panel' where the top bar says 'Admin'). */
  label?: string;
  /** Visually hide the label (still read out) below this point: used on the top bar. */
  labelClassName?: string;
  showIcon?: boolean;
  /** Classes for the icon: the top bar hides it on a phone to save room (the word stays). */
  iconClassName?: string;
  /** Tighter side padding, for the crowded wide top bar. */
  dense?: boolean;
  className?: string;
  onClick?: () => void;
  children?: ReactNode;
}

export function NavLinkItem({
  item,
  label,
  labelClassName,
  showIcon,
  iconClassName,
  dense,
  className,
  onClick,
  children,
}: NavLinkItemProps) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.href}
      end={item.end}
      onClick={onClick}
      className={({ isActive }) => cn(base, dense ? 'px-2' : 'px-3', isActive && current, className)}
    >
      {({ isActive }) => (
        <>
          {showIcon && <Icon aria-hidden="true" className={cn('size-6', iconClassName)} />}
          <span className={cn(labelClassName, isActive && currentLabel)}>{label ?? item.label}</span>
          {children}
        </>
      )}
    </NavLink>
  );
}
