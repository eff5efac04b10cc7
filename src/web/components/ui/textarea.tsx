import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';
import { controlClasses } from './input';

/** A multi-line text box; its height comes from `rows`. Inside a Field it takes the Field's id and aria attributes. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const field = useFieldControl();
  return <textarea rows={rows} {...field} className={cn(controlClasses, className)} {...props} />;
}
