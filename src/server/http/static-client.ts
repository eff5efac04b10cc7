import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/templates';

// Serves the built client. Hashed assets are cached for a year; index.html never is, so a
// new release reaches members on their next visit. Unknown non-API paths get index.html and
// the client's router shows its own page (or the 404 page).
//
// index.html goes out with the club's public address (APP_URL) in
// <meta name="app-url" content="...">, so the pages build share links from it and not from
// whatever host name the visitor happened to use (src/web/lib/app-url.ts reads it). A meta
// element is data, not script: the Content-Security-Policy stays as strict as it is.

export type ClientOptions = {
  /** The club's public base URL, read at every request (tests change it after start-up). */
  appUrl?: () => string;
};

/** index.html with the app-url meta element just before </head> (none without an address). */
export function withAppUrl(html: string, appUrl: string | undefined): string {
  if (!appUrl) return html;
  const meta = `<meta name="app-url" content="${escapeHtml(appUrl)}" />`;
  const at = html.search(/<\/head>/i);
  return at === -1 ? html : `${html.slice(0, at)}  ${meta}\n  ${html.slice(at)}`;
}

export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  options: ClientOptions = {},
): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // index.html is always the page below, with its meta element, even as /index.html.
      globIgnore: ['index.html'],
      // Ours, below: left on, the plugin's own 'public, max-age=0' replaced it.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // Read once: the static files are listed at start-up too (wildcard: false), so a rebuilt
  // client needs a restart either way.
  const indexHtml = hasClient ? fs.readFileSync(indexFile!, 'utf8') : '';
  function sendPage(reply: FastifyReply) {
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withAppUrl(indexHtml, options.appUrl?.()));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && hasClient && (!path.extname(pathname) || pathname === '/index.html')) {
      return sendPage(reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });
}
