import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import type { AuthDialogName, OpenAuthDialogState } from '../../../lib/auth-dialogs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

export interface LinkProblemProps {
  title: string;
  message: string;
  /** What to do next, under the message. */
  children?: ReactNode;
  actionLabel?: string;
  /** The landing-page dialog the action opens, so the member can ask for a new link at once. */
  dialog?: AuthDialogName;
}

/** An e-mailed link that cannot be used: what is wrong, what to do, and a way home. */
export function LinkProblem({ title, message, children, actionLabel = 'Return to Home', dialog }: LinkProblemProps) {
  useDocumentTitle(title);
  const state: OpenAuthDialogState | undefined = dialog ? { authDialog: dialog } : undefined;
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <CircleAlert aria-hidden="true" className="size-9 shrink-0 text-danger-700" />
        {title}
      </h1>
      <p className="mt-4 text-lg">{message}</p>
      {children}
      <p className="mt-8">
        <Link to={paths.home.getHref()} state={state} className={buttonClasses({ size: 'large' })}>
          {actionLabel}
        </Link>
      </p>
    </>
  );
}
