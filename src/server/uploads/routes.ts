import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_HOUR } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { memberOnly, perMemberRateLimit, requireMember } from '../http/route-helpers';
import { NotAnImageError, saveImage } from './image-store';
import { noteUpload } from './unused-pictures-service';

// POST /api/uploads (docs/product/listings.md#pictures): one JPEG, PNG or WebP image of at most 10 MB, from a
// member; with ?shape=square, an avatar cut square from it (docs/product/members.md#how-other-members-see-you). What the file IS
// comes from decoding its bytes (sharp, in saveImage), never from the name or the declared
// type, and it is stored only as re-encoded WebP.

const uploadRateLimit = perMemberRateLimit(
  UPLOADS_PER_HOUR,
  60 * 60 * 1000,
  'You have uploaded a lot of photos in the last hour. Please wait a while and try again.',
);

const TOO_LARGE_MESSAGE = 'The photo is too large. Please choose an image of at most 10 MB.';
const ONE_AT_A_TIME_MESSAGE = 'Send one picture at a time.';
const UNREADABLE_FORM_MESSAGE = 'The upload could not be read. Please choose the image again.';

/**
 * The one file of the upload. Every part is read, so a second file is seen (and refused with
 * 400) rather than silently dropped; other fields are ignored.
 */
async function readOnePicture(request: FastifyRequest): Promise<Buffer> {
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (picture) throw new AppError('BAD_REQUEST', ONE_AT_A_TIME_MESSAGE);
      // Reads at most the limit; one byte more and the plugin throws (checked below).
      picture = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', ONE_AT_A_TIME_MESSAGE);
    // Nothing but the form is read here, so anything else is a form the parser could not
    // follow (no boundary, cut short): the caller's, not a 500 (issue 16).
    throw new AppError('BAD_REQUEST', UNREADABLE_FORM_MESSAGE);
  }
  if (!picture) throw new AppError('BAD_REQUEST', 'Choose an image to upload.');
  return picture;
}

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
      {
        onRequest: memberOnly,
        // The body is multipart/form-data with one file part (read by readOnePicture, not validated here).
        schema: contractSchema('POST /api/uploads', { consumes: ['multipart/form-data'] }),
        config: uploadRateLimit,
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA', 'Send the image as a multipart/form-data upload.');
        }

        const buffer = await readOnePicture(request);
        try {
          const saved = await saveImage(ctx.pictures, buffer, request.query.shape);
          await noteUpload(ctx.database.db, saved.url, requireMember(request).id);
          return reply.status(201).send(saved);
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
