// Measures the built web client (dist/client) from Vite's manifest: every chunk's size, and
// the JavaScript a visitor's browser downloads before the landing page can show.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's budget: 150 KB (150 × 1024 bytes) of gzipped JavaScript. */
export const LANDING_JS_LIMIT_GZIP = 150 * 1024;

/**
 * The lazily loaded modules a visitor's first paint of / needs, besides the entry chunk.
 * The router loads them for a signed-out visitor at /; keep this list in step with it.
 */
export const LANDING_LAZY_MODULES = ['src/web/features/landing/pages/landing-page.tsx'];

export const DEFAULT_DIST_DIR = 'dist/client';

/** Reads dist/client/.vite/manifest.json, with a clear error when the client is not built. */
export function readManifest(distDir = DEFAULT_DIST_DIR) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} not found: build the client first (npx vite build).`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/** Raw and gzipped size of one built file. */
export function fileSize(distDir, file) {
  const content = readFileSync(join(distDir, file));
  return { file, raw: content.length, gzip: gzipSync(content).length };
}

/** Every JavaScript and CSS file in the manifest with its sizes, largest first. */
export function chunkSizes({ distDir = DEFAULT_DIST_DIR, manifest = readManifest(distDir) } = {}) {
  const files = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    const kind = chunk.isEntry ? 'entry' : chunk.isDynamicEntry ? 'lazy' : 'shared';
    files.set(chunk.file, { ...fileSize(distDir, chunk.file), key, kind });
    for (const css of chunk.css ?? [])
      if (!files.has(css)) files.set(css, { ...fileSize(distDir, css), key, kind: 'css' });
  }
  return [...files.values()].sort((a, b) => b.gzip - a.gzip);
}

/** The manifest key of the entry chunk (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('The Vite manifest has no entry chunk.');
  return key;
}

/** A chunk's file plus, recursively, every chunk it imports statically (loaded with it). */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no chunk for ${key}.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * The JavaScript the landing page loads at first paint: the entry chunk and its static
 * imports, plus each landing lazy module's chunk and its static imports, each file once.
 */
export function measureLandingJs({
  distDir = DEFAULT_DIST_DIR,
  manifest = readManifest(distDir),
  lazyModules = LANDING_LAZY_MODULES,
  limit = LANDING_JS_LIMIT_GZIP,
} = {}) {
  const files = staticClosure(manifest, entryKey(manifest));
  for (const module of lazyModules) {
    if (!manifest[module]) {
      throw new Error(`${module} is not a chunk in the Vite manifest: is it still lazy-loaded by the router?`);
    }
    staticClosure(manifest, module, files);
  }
  const sizes = [...files].filter((file) => file.endsWith('.js')).map((file) => fileSize(distDir, file));
  const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
  const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
  return { files: sizes, raw, gzip, limit, withinBudget: gzip <= limit };
}

/** '12.3 KB' (1 KB = 1024 bytes). */
export function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
