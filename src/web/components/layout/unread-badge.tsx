import { formatUnreadBadge, unreadMessagesLabel } from '../../lib/format';
import { cn } from '../../lib/cn';

/**
 * The unread-messages count beside Messages: the number, '9+' above 9, nothing at 0.
 * Screen readers hear 'Messages (3 unread messages)' instead of the bare digits.
 */
export function UnreadBadge({
  count,
  className,
  describe = unreadMessagesLabel,
}: {
  count: number;
  className?: string;
  /** What a screen reader hears after the link's name (default '3 unread messages'). */
  describe?: (count: number) => string;
}) {
  const text = formatUnreadBadge(count);
  if (!text) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-7 items-center justify-center rounded-full bg-danger-700 px-1.5 text-sm leading-6 font-bold text-white',
        className,
      )}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{` (${describe(count)})`}</span>
    </span>
  );
}
