import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

// Plain labelled controls for the filter panel and the listing form: a visible label, 18px
// text in a 48px box, an optional hint and error read with the field.

export const controlClasses = (invalid = false) =>
  cn(
    'min-h-12 w-full min-w-0 rounded-md border-2 bg-white px-3 py-2 text-base text-ink',
    invalid ? 'border-danger-700' : 'border-line-strong',
  );

export function Field({
  label,
  hint,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children({ id, describedBy: hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
