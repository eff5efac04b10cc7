import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';
import { controlClasses } from './input';

/** A native select, 48px high. Inside a Field it takes the Field's id and aria attributes. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  const field = useFieldControl();
  return <select {...field} className={cn('min-h-12', controlClasses, className)} {...props} />;
}
