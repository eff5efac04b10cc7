import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './field';

/** The look of a tick box or a radio button: drawn 24px, in the brand colour. */
export const choiceClasses = 'size-6 shrink-0 accent-brand-700';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** May hold a link (to the terms, say): following it does not tick the box. */
  label: ReactNode;
  error?: string;
}

/**
 * A tick box inside its label (the whole label is the 44px target), its error under both.
 * A link in the label stays a link: following it does not tick the box.
 */
export function CheckboxField({ label, error, className, ...props }: CheckboxFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('mt-2.5', choiceClasses)}
          {...props}
        />
        {/* One flex item, so the spaces around a link in the label are kept; py-2 centres one line on the box. */}
        <span className="py-2">{label}</span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
