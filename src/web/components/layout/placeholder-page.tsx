import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { buttonClasses } from '../ui/button';

/**
 * Stands in for a page a later piece of work will build. Pages without the frame pass
 * withHomeLink so nobody is left without a way back.
 */
export function PlaceholderPage({ title, withHomeLink = false }: { title: string; withHomeLink?: boolean }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-ink-muted">This part of the club is being built.</p>
      {withHomeLink && (
        <p className="mt-8">
          <Link to={paths.home.getHref()} className={buttonClasses()}>
            Return to Home
          </Link>
        </p>
      )}
    </>
  );
}
