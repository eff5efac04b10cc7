import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  /** What could not be loaded or done, in words. */
  message: ReactNode;
  /** Offers 'Try again', which calls this (a query's refetch, say). */
  onRetry?: () => void;
  className?: string;
}

/**
 * Something failed to load: announced at once (role="alert"), told by an icon and words as
 * well as by colour, with a way to try again when there is one.
 */
export function ErrorState({ message, onRetry, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-lg border-2 border-danger-700 bg-danger-50 p-4 text-danger-900',
        className,
      )}
    >
      <p className="flex items-start gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <span>{message}</span>
      </p>
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
