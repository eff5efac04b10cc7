import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { choiceClasses } from './checkbox';

export interface RadioOptionProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

/** One choice of a radio group, drawn as a 44px card that is outlined while chosen. */
export function RadioOption({ label, className, ...props }: RadioOptionProps) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-2 border-line-strong px-3 py-2',
        'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50',
        className,
      )}
    >
      <input type="radio" className={choiceClasses} {...props} />
      {label}
    </label>
  );
}
