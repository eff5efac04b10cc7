import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * Shown when a page fails to load or render, most often because the club was updated while
 * the tab was open and the old page code is gone: reloading fetches the new version.
 */
export function AppErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.warn('A page failed to load or render.', error);
  }, [error]);
  return (
    <main id="main-content" className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-4 py-12">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-ink-muted">
        This page could not be shown. Reloading usually fixes it; if it does not, please try again later.
      </p>
      <p className="mt-8">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </p>
    </main>
  );
}
