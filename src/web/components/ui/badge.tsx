import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-brand-100 text-brand-900',
  outline: 'border border-line-strong text-ink',
  highlight: 'bg-highlight-100 text-highlight-900',
  danger: 'bg-danger-700 text-white',
  strong: 'bg-highlight-900 text-white',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: keyof typeof variants;
}

/** A small label. Never the only carrier of meaning: its text says what it means. */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm leading-6 font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
