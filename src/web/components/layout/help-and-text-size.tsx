import { cn } from '../../lib/cn';
import { helpNavItem } from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { TextSizeButton } from './text-size-control';

/**
 * The wide bar's Help link and Text size button, as words without icons: they share the bar's
 * second row with Messages, Notifications, Profile and Sign out, which keeps to one line at
 * 1024 px (decision 0022). Below the wide layout (`className`) both are in the menu.
 */
export function HelpAndTextSize({ className = 'max-lg:hidden' }: { className?: string }) {
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <NavLinkItem item={helpNavItem} dense />
      <TextSizeButton />
    </div>
  );
}
