import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';

/**
 * The look of every text box and select: 18px text, a 2px edge with 3:1 contrast, red when
 * the control is invalid (the Field also shows the error in words).
 */
export const controlClasses =
  'w-full min-w-0 rounded-md border-2 border-line-strong bg-white px-3 py-2 text-base text-ink ' +
  'aria-[invalid=true]:border-danger-700';

/** A one-line text box, 48px high. Inside a Field it takes the Field's id and aria attributes. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const field = useFieldControl();
  return <input type={type} {...field} className={cn('min-h-12', controlClasses, className)} {...props} />;
}
