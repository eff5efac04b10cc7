import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';

/** What went wrong with a form, in the words a toast would have used. */
export interface FormProblem {
  title: string;
  description?: string;
}

/**
 * A refused or failed form says so at its top and the words stay until the member acts (sends
 * again or changes what they sent), rather than fading with a toast (issue 14: toasts are for
 * confirmations only). Announced at once (role="alert"), told by an icon and words as well as
 * by colour.
 */
export function FormAlert({ problem, className }: { problem: FormProblem | null; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  // At the top of a long form the button pressed may be a screen away: bring the words into view.
  useEffect(() => {
    if (problem) box.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);
  if (!problem) return null;
  return (
    <div
      ref={box}
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border-2 border-danger-700 bg-danger-50 p-3 text-danger-900',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <p>
        <span className="font-bold">{problem.title}</span>
        {problem.description && <span className="block">{problem.description}</span>}
      </p>
    </div>
  );
}

/** The form's current problem, set on failure and cleared when the member sends again. */
export function useFormProblem() {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const clear = useCallback(() => setProblem(null), []);
  return { problem, report: setProblem, clear };
}
