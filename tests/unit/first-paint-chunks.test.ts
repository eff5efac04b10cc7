import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entryKey, readManifest, staticClosure } from '../../scripts/bundle-size-lib.mjs';

// The puzzle page (the page a shared link opens), browse, the Wanted page and Help draw
// without Zod: their code and what it imports leave the schemas out (docs/performance.md,
// "The second pass" and 'Lighthouse 95'). Like bundle-size.test.ts this builds nothing and
// skips without a build.
const distDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
const built = existsSync(`${distDir}/.vite/manifest.json`);

/** The built files a page's lazy chunk loads with it that contain Zod's core. */
function zodFiles(pageModule: string): { files: string[]; loaded: number } {
  const manifest = readManifest(distDir) as Record<string, { file: string }>;
  const loaded = [...staticClosure(manifest, pageModule)] as string[];
  const files = loaded.filter((file) => readFileSync(`${distDir}/${file}`, 'utf8').includes('`$ZodType`'));
  return { files, loaded: loaded.length };
}

describe('what a page loads for its first paint', () => {
  it.for([
    'src/web/features/listings/pages/puzzle-detail-page.tsx',
    'src/web/features/listings/pages/browse-puzzles-page.tsx',
    'src/web/features/wanted/pages/wanted-page.tsx',
    'src/web/features/contact/pages/help-page.tsx',
  ])('%s loads no Zod', (page, context) => {
    if (!built) context.skip('dist/client is missing: build the client first (npx vite build)');
    // The check itself finds Zod where it is used: the listing form reads its fields with the schemas.
    expect(zodFiles('src/web/features/listings/pages/list-puzzle-page.tsx').files).toHaveLength(1);
    const loads = zodFiles(page);
    expect(loads.loaded).toBeGreaterThan(1);
    expect(loads.files).toEqual([]);
  });
});

describe('how many files a first draw waits for', () => {
  // Served over HTTP/1.1, the browser fetches six files at a time; by default the build made
  // one file per icon and small module, and browse's first draw waited for 37 of them beyond
  // the entry (docs/performance.md, 'Fewer files'). vite.config.ts's codeSplitting keeps them few.
  const pages = {
    browse: ['src/web/components/layout/page-frame.tsx', 'src/web/features/listings/pages/browse-puzzles-page.tsx'],
    puzzle: ['src/web/components/layout/page-frame.tsx', 'src/web/features/listings/pages/puzzle-detail-page.tsx'],
    community: ['src/web/components/layout/page-frame.tsx', 'src/web/features/community/pages/community-page.tsx'],
    'member home': [
      'src/web/components/layout/page-frame.tsx',
      'src/web/features/dashboard/pages/member-home-page.tsx',
      'src/web/features/trades/components/what-to-do-next.tsx',
      'src/web/features/welcome/components/welcome-gift.tsx',
    ],
  };
  it.for(Object.entries(pages))('%s: at most 3 files for the entry and 6 more for the page', ([, modules], context) => {
    if (!built) context.skip('dist/client is missing: build the client first (npx vite build)');
    const manifest = readManifest(distDir) as Record<string, { file: string }>;
    const entry = staticClosure(manifest, entryKey(manifest)) as Set<string>;
    const page = new Set<string>();
    for (const module of modules) {
      expect(manifest[module], module).toBeDefined();
      for (const file of staticClosure(manifest, module) as Set<string>) if (!entry.has(file)) page.add(file);
    }
    expect(entry.size).toBeLessThanOrEqual(3);
    expect(page.size).toBeGreaterThan(0);
    expect(page.size).toBeLessThanOrEqual(6);
  });
});
