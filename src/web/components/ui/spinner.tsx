import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning indicator that screen readers announce as 'Loading…'. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Covers the whole window while the club finds out who is signed in. */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white">
      <Spinner />
    </div>
  );
}

/** Fills the page body while a page's code or data loads, leaving the frame in place. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
