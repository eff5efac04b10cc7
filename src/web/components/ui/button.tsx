import type { ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn';

// Every button is at least 44px high (and 44px wide for icon buttons) so older hands can hit it.
// On a phone a long label may wrap instead of running off the screen (a member's largest text
// size makes 'Continue to Dashboard' wider than a 390 px screen).
const base =
  'inline-flex min-h-11 max-w-full items-center justify-center gap-2 rounded-md text-center font-semibold ' +
  'whitespace-nowrap max-sm:whitespace-normal transition-colors disabled:cursor-not-allowed disabled:opacity-60 ' +
  '[&_svg]:shrink-0';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-ink hover:bg-brand-50',
  destructive: 'bg-danger-700 text-white hover:bg-danger-900',
  link: 'text-brand-700 underline hover:text-brand-900',
} as const;

const sizes = {
  default: 'px-5 py-2',
  large: 'px-7 py-3 text-lg',
  icon: 'min-w-11 p-2',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClasses({
  variant = 'primary',
  size = 'default',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (a link, say) with button looks instead of a <button>. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  // type="button" unless told otherwise: a button inside a form should not submit by accident.
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
