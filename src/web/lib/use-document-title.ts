import { useEffect } from 'react';

export const SITE_NAME = 'Jigsaw Club';

/** Names the browser tab (and what a screen reader announces first) for the page shown. */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${SITE_NAME}` : SITE_NAME;
  }, [pageTitle]);
}
