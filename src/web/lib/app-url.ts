// The club's public address (APP_URL), which the server writes into index.html as
// <meta name="app-url" content="..."> (src/server/http/static-client.ts). Share links are
// built from it, so a member who reached the club by another name (an internal host, an IP
// address) still shares the address everybody else can open. Without the element (the Vite
// dev server, or an unusable value) the page's own origin stands in.

/** APP_URL without a trailing slash, or this page's origin. */
export function appUrl(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="app-url"]')?.content?.trim();
  if (content) {
    try {
      const url = new URL(content);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/+$/, '');
    } catch {
      // Not a URL: fall through to the origin.
    }
  }
  return window.location.origin;
}

/** A path of this app ('/puzzle/12', '/browse-puzzles?q=castle') as a full link on APP_URL. */
export function appLink(pathAndQuery: string): string {
  return `${appUrl()}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}
