import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  /** Drawn large above the words, for the eye only. */
  icon?: LucideIcon;
  /** The short statement ('No favourites yet'). */
  title?: string;
  /** Makes the title a heading of this level where it starts a part of the page. */
  headingLevel?: 2 | 3;
  /** What the member can do about it, in a sentence. */
  children?: ReactNode;
  /** A link or button that leads on, so the empty page is no dead end. */
  action?: ReactNode;
  /** False inside something that already has an edge (a scrolling list's box). */
  framed?: boolean;
  className?: string;
}

/** A list with nothing in it yet: what that means and, where there is one, the way on. */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel,
  children,
  action,
  framed = true,
  className,
}: EmptyStateProps) {
  const Title = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 p-8 text-center',
        framed && 'rounded-lg border border-dashed border-line-strong bg-white',
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className="size-12 text-ink-muted" />}
      {title && <Title className="text-xl font-bold">{title}</Title>}
      {children && <div className="text-lg">{children}</div>}
      {action}
    </div>
  );
}
