import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves stored images at /uploads/<name>. Names are random and files never change (see
// image-store.ts), so browsers may keep them for a year without asking again.

export async function registerUploadsStatic(app: FastifyInstance, uploadDir: string): Promise<void> {
  // @fastify/static wants its root to exist; a fresh install has no uploads yet.
  fs.mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: '/uploads/',
    // The client's static plugin already decorates reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '365d',
    immutable: true,
    setHeaders(res) {
      // Only ever our own WebP files, but never let a browser guess another type.
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
}
