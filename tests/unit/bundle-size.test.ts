import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatKb, LANDING_JS_LIMIT_GZIP, measureLandingJs } from '../../scripts/bundle-size-lib.mjs';

// This test builds nothing: `npm test` builds the client first. Run on its own without a
// build, it skips and says why.
const distDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
const built = existsSync(`${distDir}/.vite/manifest.json`);

describe('landing page JavaScript', () => {
  it('stays within 150 KB gzipped at first paint', (context) => {
    if (!built) context.skip('dist/client is missing: build the client first (npx vite build)');
    const landing = measureLandingJs({ distDir });
    expect(landing.files.length, 'the entry chunk and the landing page chunk').toBeGreaterThanOrEqual(2);
    expect(
      landing.gzip,
      `landing JS is ${formatKb(landing.gzip)} gzipped: ${landing.files.map((f) => f.file).join(', ')}`,
    ).toBeLessThanOrEqual(LANDING_JS_LIMIT_GZIP);
  });
});
