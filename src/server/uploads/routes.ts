import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { NotAnImageError, saveImage } from './image-store';

// POST /api/uploads (CONTRACT §4): one JPEG, PNG or WebP image of at most 10 MB, from a
// member. What the file IS comes from decoding its bytes (sharp, in saveImage), never from
// the name or the declared type, and it is stored only as re-encoded WebP.

// A member listing a whole shelf of puzzles uploads two photos each; 120 an hour is generous
// for that and still stops a script from filling the disk. Counted per member (per address
// for the signed-out, who are refused anyway) by the API's one rate-limit registration.
export const UPLOADS_PER_HOUR = 120;
const uploadRateLimit = {
  max: UPLOADS_PER_HOUR,
  timeWindow: 60 * 60 * 1000,
  keyGenerator: (request: FastifyRequest) => (request.member ? `member:${request.member.id}` : `ip:${request.ip}`),
  errorResponseBuilder: () =>
    new AppError(
      'RATE_LIMITED',
      'You have uploaded a lot of photos in the last hour. Please wait a while and try again.',
    ),
};

const uploadedSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
const TOO_LARGE_MESSAGE = 'The photo is too large. Please choose an image of at most 10 MB.';

export async function uploadRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  // Its own scope, so the multipart parser exists for this route alone; the rest of the API
  // still accepts JSON only.
  await parent.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/uploads',
      { schema: { response: { 201: uploadedSchema } }, config: { rateLimit: uploadRateLimit } },
      async (request, reply) => {
        requireMember(request);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA', 'Send the image as a multipart/form-data upload.');
        }

        let buffer: Buffer;
        try {
          const file = await request.file();
          if (!file) throw new AppError('BAD_REQUEST', 'Choose an image to upload.');
          // Reads at most the limit; one byte more and the plugin throws (checked below).
          buffer = await file.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
          if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Upload one image at a time.');
          throw err;
        }

        try {
          return reply.status(201).send(await saveImage(ctx.config.uploadDir, buffer));
        } catch (err) {
          if (!(err instanceof NotAnImageError)) throw err;
          // The plain "not an image" case gets the catalogue's wording; a damaged or enormous
          // picture keeps saveImage's more exact reason, so the member knows what to fix.
          const exact = err.message !== new NotAnImageError().message;
          throw new AppError('UNSUPPORTED_MEDIA', exact ? err.message : undefined);
        }
      },
    );
  });
}
