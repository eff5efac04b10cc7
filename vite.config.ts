import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './scripts/precompress.mjs';

// The API server (Fastify) listens on 3000; in development Vite serves the pages and hands
// API calls and uploaded images over to it, so the browser sees one origin as in production.
const apiServer = 'http://127.0.0.1:3000';
const proxy = {
  '/api': apiServer,
  '/uploads': apiServer,
};

export default defineConfig({
  // precompressPlugin: a .br and a .gz beside every built text file, sent as they are.
  plugins: [react(), tailwindcss(), precompressPlugin()],
  // Static files (favicon) live with the web client so the client's folder holds all of it.
  publicDir: 'src/web/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to measure what the landing page loads.
    manifest: true,
    // Fewer, larger files (docs/performance.md, 'Fewer files'): the club is served over
    // HTTP/1.1, six connections at a time, and by default browse's first draw needed 37 files
    // beyond the entry (one per icon, a few hundred bytes each), queued six by six at a phone's
    // round-trip time. The entry's own modules make one chunk, and a shared chunk under 30 KB
    // of source is copied into the chunks that use it instead of being a file of its own
    // (browse: 37 files -> 5, the same bytes).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
