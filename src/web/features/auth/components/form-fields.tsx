import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CircleAlert } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

// The account forms' fields: a visible label, 18px text in a tall box, and an error that is
// read out with the field (aria-describedby) and marked by an icon and words, not colour only.

interface FieldBaseProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Help shown under the label and read with the field. */
  hint?: ReactNode;
}

export interface TextFieldProps
  extends
    FieldBaseProps,
    Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'spellCheck'> {}

export function TextField({ label, registration, error, hint, type = 'text', ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-ink-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-12 w-full min-w-0 rounded-md border-2 bg-white px-3 py-2 text-base text-ink',
          error ? 'border-danger-700' : 'border-line-strong',
        )}
        {...inputProps}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<FieldBaseProps, 'label' | 'hint'> {
  /** May hold a link (to the terms, say): following it does not tick the box. */
  label: ReactNode;
}

export function CheckboxField({ label, registration, error }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        {/* The label is the 44px target; the box itself is drawn large too. */}
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-2.5 size-6 shrink-0 accent-brand-700"
          {...registration}
        />
        <label htmlFor={id} className="inline-flex min-h-11 items-center">
          {/* One flex item, so the spaces around a link in the label are kept. */}
          <span>{label}</span>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-2 font-semibold text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'disabled'> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/**
 * A form's submit button with the spec's in-progress label ('Signing In...'). While busy it
 * is aria-disabled rather than disabled, so keyboard focus stays on it; the form ignores a
 * second submit meanwhile.
 */
export function SubmitButton({ busy, label, busyLabel, className, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      aria-disabled={busy || undefined}
      className={cn('w-full aria-disabled:cursor-wait aria-disabled:opacity-60', className)}
      {...props}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
