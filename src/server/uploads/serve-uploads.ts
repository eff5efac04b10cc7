import type { FastifyInstance } from 'fastify';
import { PICTURE_CACHE_CONTROL, PICTURE_NAME, type PictureStorage } from './storage';

// Serves stored pictures at /uploads/<name>, the address listing rows keep whichever storage
// is in use. Names are random and pictures never change (image-store.ts), so browsers may
// keep them for a year without asking again. One route for both drivers: the same headers,
// the same 304s and 404s from a folder and from a bucket.

export async function registerUploadServing(app: FastifyInstance, storage: PictureStorage): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!PICTURE_NAME.test(name)) return reply.callNotFound();

    // With S3_PUBLIC_URL the bytes come from the CDN (or the bucket) and this process only
    // points there; a permanent redirect is remembered by the browser like the picture itself.
    const direct = storage.publicUrl(name);
    if (direct) return reply.header('Cache-Control', PICTURE_CACHE_CONTROL).redirect(direct, 301);

    const ifNoneMatch = request.headers['if-none-match'];
    const picture = await storage.get(name, { ifNoneMatch });
    if (picture === null) return reply.callNotFound();
    // Only ever our own WebP files, but never let a browser guess another type.
    reply.header('Cache-Control', PICTURE_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
    if (picture === 'not-modified') return reply.status(304).send();
    if (picture.etag) reply.header('ETag', picture.etag);
    return reply.type(picture.contentType).header('Content-Length', picture.size).send(picture.body);
  });
}
