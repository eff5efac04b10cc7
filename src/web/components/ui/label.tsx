import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A control's visible name: bold, full size, tied to its control by htmlFor. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('font-semibold', className)} {...props} />;
}
