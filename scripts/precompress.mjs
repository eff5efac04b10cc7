// Compresses the built web client once, at build time: beside every text file (scripts,
// styles, pages, SVG, JSON) a .br (Brotli, best quality) and a .gz (gzip, level 9), which the
// server sends as they are to browsers that accept them (src/server/http/static-client.ts).
// A variant that would not be smaller than the file is not written: the file goes out as is.
// Called by the Vite build (vite.config.ts), so `npm run build`, `npm start` and the tests'
// builds all produce them. docs/decisions/0017-delivery.md
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, extname, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/** The built files worth compressing (images such as PNG are compressed already). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);

/** Every file under dir (recursively), skipping dot folders such as .vite (never served). */
function listFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else files.push(full);
  }
  return files;
}

/** Writes the .br and .gz variants; returns what was done per file (raw, br and gzip bytes). */
export function precompressDir(dir) {
  const results = [];
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file))) continue;
    const raw = readFileSync(file);
    const variants = {
      br: brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gz: gzipSync(raw, { level: 9 }),
    };
    const result = { file, raw: raw.length };
    for (const [ext, data] of Object.entries(variants)) {
      const target = `${file}.${ext}`;
      if (data.length < raw.length) {
        writeFileSync(target, data);
        result[ext] = data.length;
      } else {
        rmSync(target, { force: true });
      }
    }
    results.push(result);
  }
  return results;
}

/** A Vite plugin: precompresses the output folder once the build has written it. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'jigsaw-club-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
