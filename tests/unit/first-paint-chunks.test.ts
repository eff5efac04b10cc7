import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readManifest, staticClosure } from '../../scripts/bundle-size-lib.mjs';

// The puzzle page (the page a shared link opens) draws without Zod: its code and what it
// imports leave the schemas out (docs/performance.md, "The second pass"). Like
// bundle-size.test.ts this builds nothing and skips without a build.
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
  it('the puzzle page loads no Zod; browse (which reads its filters with the schema) does', (context) => {
    if (!built) context.skip('dist/client is missing: build the client first (npx vite build)');
    // The check itself finds Zod where it is used.
    expect(zodFiles('src/web/features/listings/pages/browse-puzzles-page.tsx').files).toHaveLength(1);
    const puzzle = zodFiles('src/web/features/listings/pages/puzzle-detail-page.tsx');
    expect(puzzle.loaded).toBeGreaterThan(1);
    expect(puzzle.files).toEqual([]);
  });
});
