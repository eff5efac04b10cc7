import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

export interface LinkProblemProps {
  title: string;
  message: string;
  /** What to do next, under the message. */
  children?: ReactNode;
  actionLabel?: string;
}

/** An e-mailed link that cannot be used: what is wrong, what to do, and a way home. */
export function LinkProblem({ title, message, children, actionLabel = 'Return to Home' }: LinkProblemProps) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <CircleAlert aria-hidden="true" className="size-9 shrink-0 text-danger-700" />
        {title}
      </h1>
      <p className="mt-4 text-lg">{message}</p>
      {children}
      <p className="mt-8">
        <Link to={paths.home.getHref()} className={buttonClasses({ size: 'large' })}>
          {actionLabel}
        </Link>
      </p>
    </>
  );
}
