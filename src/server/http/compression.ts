import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// API answers are compressed as they go out (docs/decisions/0017-delivery.md): Brotli at a
// fast quality, or gzip, whichever the browser prefers. Answers under a kilobyte go as they
// are (a TCP packet either way), and so does the live event stream: it takes the reply over
// (reply.hijack) and its text/event-stream type is never compressed, so each event reaches
// the page at once instead of waiting in a compressor's buffer. The built client is
// compressed at build time instead (static-client.ts).

/** Smaller answers are not worth compressing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the app's thread, not through a
 * compression stream in libuv's threadpool. The plugin's default on two cores is 8 KB, so a
 * browse page (about 20 KB) took the stream: a 24 KB page cost 0.53 ms of CPU that way and
 * 0.25 ms in one call, and the threadpool's hand-offs are dear on a machine whose two cores
 * the app and PostgreSQL already fill (docs/performance.md, 'Club evening'). Larger answers
 * still stream, so the event loop is never held long.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Brotli's quality for answers. The plugin's default is 4; a 19 KB browse page (the answer
 * sent most) took 0.25 ms at 4 and 0.15 ms at 3, for 2,649 and 2,741 bytes (docs/performance.md,
 * 'Club evening'): a tenth of a millisecond of the app's thread on every browse, for 92 bytes.
 */
export const BROTLI_QUALITY = 3;

/** Registers on-the-fly compression for the routes registered after it in this scope. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Only answers: request bodies stay plain JSON (no compressed uploads to inflate).
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
