// After `vite build`: prints every chunk's size, then checks the landing page's JavaScript
// at first paint against its budget (150 KB gzipped). Exits 1 when over budget.
// Usage: node scripts/bundle-size.mjs [distDir]
import { chunkSizes, formatKb, measureLandingJs, DEFAULT_DIST_DIR } from './bundle-size-lib.mjs';

const distDir = process.argv[2] ?? DEFAULT_DIST_DIR;

try {
  const chunks = chunkSizes({ distDir });
  console.log(`Chunks in ${distDir} (raw / gzipped):`);
  for (const c of chunks) {
    console.log(`  ${formatKb(c.raw).padStart(9)} ${formatKb(c.gzip).padStart(9)}  ${c.kind.padEnd(6)} ${c.file}`);
  }

  const landing = measureLandingJs({ distDir });
  console.log('\nLanding page JavaScript at first paint:');
  for (const f of landing.files) console.log(`  ${formatKb(f.gzip).padStart(9)}  ${f.file}`);
  console.log(
    `  total: ${formatKb(landing.raw)} raw, ${formatKb(landing.gzip)} gzipped (budget ${formatKb(landing.limit)})`,
  );

  if (!landing.withinBudget) {
    console.error(
      `\nThe landing page loads ${formatKb(landing.gzip)} of gzipped JavaScript, over its ${formatKb(landing.limit)} budget.\n` +
        'Lazy-load what the landing page does not need at first paint (see src/web/router.tsx).',
    );
    process.exit(1);
  }
  console.log('Landing page is within budget.');
} catch (error) {
  console.error(`bundle-size: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
