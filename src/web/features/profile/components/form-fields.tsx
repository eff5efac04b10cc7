import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../../lib/cn';

// The profile form's fields: a visible label, 18px text in a tall box, an optional hint, and
// an error read out with the field (aria-describedby), marked by an icon and words as well as colour.

export const inputClasses = (invalid: boolean) =>
  cn(
    'min-h-12 w-full min-w-0 rounded-md border-2 bg-white px-3 py-2 text-base text-ink',
    invalid ? 'border-danger-700' : 'border-line-strong',
  );

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function FieldFrame({ label, error, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-ink-muted">
          {hint}
        </p>
      )}
      {children({ id, describedBy })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function TextField({
  label,
  registration,
  error,
  hint,
  className,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
          {...inputProps}
          {...registration}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function SelectField({
  label,
  registration,
  error,
  hint,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
          {...selectProps}
          {...registration}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-2 font-semibold text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** A titled group of fields: a fieldset whose legend reads like the section's heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-line p-4 sm:p-6">
      {/* A heading inside the legend, so the sections are in the page's heading outline too. */}
      <legend className="px-2">
        <h2 className="text-2xl font-bold">{title}</h2>
      </legend>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
