import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../mail/templates';

// Serves the built client. Hashed assets are cached for a year; index.html never is, so a
// new release reaches members on their next visit. Unknown non-API paths get index.html and
// the client's router shows its own page (or the 404 page).
//
// Compression (docs/decisions/0017-delivery.md): the build writes a .br and a .gz beside every
// text file (scripts/precompress.mjs) and those go out as they are, to browsers that accept
// them, with their own length and ETag. index.html is compressed here, once per public
// address, as it carries that address (below); it is revalidated on every visit (no-cache
// with an ETag, so an unchanged page costs a 304 and no body).
//
// index.html goes out with the club's public address (APP_URL) in
// <meta name="app-url" content="...">, so the pages build share links from it and not from
// whatever host name the visitor happened to use (src/web/lib/app-url.ts reads it). A meta
// element is data, not script: the Content-Security-Policy stays as strict as it is.

export type ClientOptions = {
  /** The club's public base URL, read at every request (tests change it after start-up). */
  appUrl?: () => string;
  /**
   * Markup the page at a path needs in its head beyond the built page, e.g. the puzzle page's
   * picture preload (listings/picture-preload.ts); public, the same for every viewer.
   */
  headMarkupFor?: (pathname: string) => Promise<string>;
  /** Whether the request brings a member's session cookie (a hint for PAGE_PRELOADS only). */
  signedIn?: (request: FastifyRequest) => boolean;
};

/** index.html with the app-url meta element just before </head> (none without an address). */
export function withAppUrl(html: string, appUrl: string | undefined): string {
  if (!appUrl) return html;
  return beforeHeadEnd(html, `<meta name="app-url" content="${escapeHtml(appUrl)}" />`);
}

/**
 * The landing page's own chunk, lazy-loaded by the router (src/web/router.tsx). Keep in step
 * with LANDING_LAZY_MODULES in scripts/bundle-size-lib.mjs.
 */
export const LANDING_PAGE_MODULE = 'src/web/features/landing/pages/landing-page.tsx';
/** The frame around every page but the landing page and the pages e-mailed links open. */
export const PAGE_FRAME_MODULE = 'src/web/components/layout/page-frame.tsx';
export const BROWSE_PAGE_MODULE = 'src/web/features/listings/pages/browse-puzzles-page.tsx';
export const PUZZLE_PAGE_MODULE = 'src/web/features/listings/pages/puzzle-detail-page.tsx';
export const HELP_PAGE_MODULE = 'src/web/features/contact/pages/help-page.tsx';
export const COMMUNITY_PAGE_MODULE = 'src/web/features/community/pages/community-page.tsx';
export const WANTED_PAGE_MODULE = 'src/web/features/wanted/pages/wanted-page.tsx';

/**
 * The lazy chunks the first draw needs (FIRST_DRAW_CODE in src/web/router.tsx) of the pages
 * visitors and members arrive at from outside, preloaded with the entry chunk at their
 * address, so they come over the line beside it rather than after it has run: for anyone,
 * browse, a shared puzzle's page and Help; the landing page for a visitor; the community and
 * Wanted for a browser that brings the session cookie (`signedIn`). The cookie is only a hint,
 * not checked: a lapsed one costs a few kilobytes of a member's chunks, all public, and the
 * page itself waits for the sign-in check as ever. A member's home is left out: preloading its
 * chunks moved its Lighthouse score by nothing the noise showed, and its first paint later.
 * Each gained points where it is listed (docs/performance.md, 'Browse's chunks beside the
 * entry'); when browse's chunks still brought the schemas and Zod, they were taken out.
 */
export const PAGE_PRELOADS: ReadonlyArray<{
  name: string;
  address: RegExp;
  modules: string[];
  /** Only with (true) or without (false) the session cookie; either when left out. */
  signedIn?: boolean;
}> = [
  { name: 'landing', address: /^\/$/, signedIn: false, modules: [LANDING_PAGE_MODULE] },
  { name: 'community', address: /^\/community$/, signedIn: true, modules: [PAGE_FRAME_MODULE, COMMUNITY_PAGE_MODULE] },
  { name: 'wanted', address: /^\/wanted$/, signedIn: true, modules: [PAGE_FRAME_MODULE, WANTED_PAGE_MODULE] },
  { name: 'browse', address: /^\/browse-puzzles$/, modules: [PAGE_FRAME_MODULE, BROWSE_PAGE_MODULE] },
  { name: 'puzzle', address: /^\/puzzle\/[^/]+$/, modules: [PAGE_FRAME_MODULE, PUZZLE_PAGE_MODULE] },
  { name: 'help', address: /^\/help$/, modules: [PAGE_FRAME_MODULE, HELP_PAGE_MODULE] },
];

type ManifestChunk = { file: string; imports?: string[] };

/**
 * <link rel="modulepreload"> for a lazy module's chunk and the chunks it imports, from the
 * build's manifest, leaving out what index.html loads already ('' without a manifest).
 */
export function modulePreloads(clientDir: string, modules: string[], indexHtml: string): string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files]
    .filter((file) => !indexHtml.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
    .join('\n    ');
}

/** markup inserted just before </head>. */
function beforeHeadEnd(html: string, markup: string): string {
  const at = html.search(/<\/head>/i);
  return !markup || at === -1 ? html : `${html.slice(0, at)}  ${markup}\n  ${html.slice(at)}`;
}

export type ContentEncoding = 'br' | 'gzip';
const OFFERED_ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from an Accept-Encoding header: the offered one the browser
 * rates highest (q-values, `*`, `q=0` refusals), Brotli first on a tie; none for identity.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentEncoding[] = OFFERED_ENCODINGS,
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const ratings = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const rating = q === undefined ? 1 : Number(q.slice(2));
    ratings.set(name, Number.isFinite(rating) ? rating : 0);
  }
  let best: ContentEncoding | undefined;
  let bestRating = 0;
  for (const encoding of offered) {
    const rating = ratings.get(encoding) ?? ratings.get('*') ?? 0;
    if (rating > bestRating) [best, bestRating] = [encoding, rating];
  }
  return best;
}

type Page = { etag: string; identity: Buffer } & Record<ContentEncoding, Buffer>;

/**
 * Brotli's quality for a page: the few fixed ones (one per kind and address) at the maximum,
 * once; the one per listing (with its picture's preload) at 5, as there are as many as
 * listings: 0.3 ms instead of 18 ms each on this project's machine, for about 60 bytes more.
 */
const FIXED_PAGE_QUALITY = constants.BROTLI_MAX_QUALITY;
const PER_LISTING_PAGE_QUALITY = 5;

/** index.html for one public address: its bytes, compressed both ways, and a (weak) ETag. */
function buildPage(indexHtml: string, appUrl: string | undefined, preloads: string, quality: number): Page {
  const identity = Buffer.from(beforeHeadEnd(withAppUrl(indexHtml, appUrl), preloads));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    // Weak: the identity, br and gzip answers are the same page (RFC 9110 §8.8.1).
    etag: `W/"${hash}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** True when If-None-Match names this ETag (weak comparison) or is `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The built files that have a .br or .gz beside them (their answers vary by encoding). */
function precompressedFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const name of fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    const match = /^(.*)\.(br|gz)$/.exec(name);
    if (match) files.add(path.join(clientDir, match[1]!));
  }
  return files;
}

export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  options: ClientOptions = {},
): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasClient) {
    const varies = precompressedFiles(clientDir!);
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      // index.html is always the page below, with its meta element, even as /index.html.
      // The .br and .gz files have no address of their own: they answer for their original.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      // Ours, below: left on, the plugin's own 'public, max-age=0' replaced it.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The plugin picks the .br or .gz by Accept-Encoding but does not say so to caches.
        if (/\.(br|gz)$/.test(filePath) || varies.has(filePath)) res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // Read once: the static files are listed at start-up too (wildcard: false), so a rebuilt
  // client needs a restart either way.
  const indexHtml = hasClient ? fs.readFileSync(indexFile!, 'utf8') : '';
  const preloads = new Map(
    PAGE_PRELOADS.map((p) => [p.name, hasClient ? modulePreloads(clientDir!, p.modules, indexHtml) : '']),
  );
  // One page per kind (with its preloads, or none), public address (one in production; tests
  // change it after start-up) and head markup (one per listing's picture): each is built and
  // compressed once, then served from memory. Bounded: a crawl through every listing
  // starts the set again rather than growing it.
  const pages = new Map<string, Page>();
  function pageFor(appUrl: string | undefined, pathname: string, signedIn: boolean, headMarkup: string): Page {
    const listed = PAGE_PRELOADS.find(
      (p) => p.address.test(pathname) && (p.signedIn === undefined || p.signedIn === signedIn),
    );
    const kind = listed?.name ?? 'other';
    const key = `${kind} ${appUrl ?? ''} ${headMarkup}`;
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= 500) pages.clear();
      const markup = [preloads.get(kind), headMarkup].filter(Boolean).join('\n    ');
      page = buildPage(indexHtml, appUrl, markup, headMarkup ? PER_LISTING_PAGE_QUALITY : FIXED_PAGE_QUALITY);
      pages.set(key, page);
    }
    return page;
  }
  async function headMarkupFor(request: FastifyRequest, pathname: string): Promise<string> {
    try {
      return (await options.headMarkupFor?.(pathname)) ?? '';
    } catch (err) {
      // The page works without it (the picture is found by the script): serve it anyway.
      request.log.warn({ err }, 'page head markup failed');
      return '';
    }
  }
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const signedIn = options.signedIn?.(request) ?? false;
    const page = pageFor(options.appUrl?.(), pathname, signedIn, await headMarkupFor(request, pathname));
    // Its preloads follow the session cookie.
    void reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding, Cookie');
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encoding ? page[encoding] : page.identity;
    if (encoding) void reply.header('Content-Encoding', encoding);
    return reply.type('text/html; charset=utf-8').header('Content-Length', body.length).send(body);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && hasClient && (!path.extname(pathname) || pathname === '/index.html')) {
      return sendPage(request, reply, pathname);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });
}
