import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

/** Any unknown path: no navigation, a friendly line and a way home (docs/product/screens.md#not-found). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <>
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-ink-muted">
        Sorry, we couldn't find that page. It may have moved, or the link may have a typing mistake in it.
      </p>
      <p className="mt-8">
        <Link to={paths.home.getHref()} className={buttonClasses()}>
          Go to the home page
        </Link>
      </p>
    </>
  );
}
