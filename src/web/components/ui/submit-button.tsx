import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'disabled'> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/**
 * A form's submit button with the product's in-progress label ('Signing In...'). While busy it
 * is aria-disabled rather than disabled, so keyboard focus stays on it; the form ignores a
 * second submit meanwhile.
 */
export function SubmitButton({ busy, label, busyLabel, className, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      aria-disabled={busy || undefined}
      className={cn('aria-disabled:cursor-wait aria-disabled:opacity-60', className)}
      {...props}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
