import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../auth/session-plugin';

// The OpenAPI 3 document of the API, generated from the routes' own Zod schemas (the same
// ones that validate requests and serialize answers), so it cannot drift from what the
// server does. Served by docs/routes.ts at /api/docs/json and as a page at /api/docs.

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

/** What each status means, for the document's response descriptions. */
const STATUS_MEANING: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body',
  400: 'The request is not valid (the errors list says which fields)',
  401: 'Not signed in',
  403: 'Not allowed: not yours, not an administrator, or from another site',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  415: 'The body is not JSON (or, for an upload, not an image)',
  429: 'Too many requests; wait and try again',
  500: 'Something went wrong on the server',
  503: 'A service the call needs is not available',
};

/** An upload's body: one image file in a multipart form (the route reads it itself, unvalidated). */
const MULTIPART_IMAGE = {
  type: 'object',
  properties: {
    image: { type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image of at most 10 MB' },
  },
  required: ['image'],
};

/** Only the API is described: the client's pages and the uploaded images are files. */
function transform(input: Parameters<typeof zodToOpenApi>[0]) {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const result = zodToOpenApi(input);
  const schema = result.schema as Record<string, unknown> & {
    response?: Record<string, Record<string, unknown>>;
    consumes?: string[];
  };
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    if (!answer.description && STATUS_MEANING[status]) answer.description = STATUS_MEANING[status];
  }
  if (schema.consumes?.includes('multipart/form-data') && !schema.body) schema.body = MULTIPART_IMAGE;
  return result;
}

/**
 * The zod transform lists every named shape twice, as it is read and as it is written; the
 * document keeps the ones it refers to.
 */
function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (schemas) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: undefined } });
    const used = (name: string) =>
      text.includes(`"#/components/schemas/${name}"`) ||
      Object.entries(schemas).some(
        ([other, s]) => other !== name && JSON.stringify(s).includes(`"#/components/schemas/${name}"`),
      );
    for (const name of Object.keys(schemas)) if (!used(name)) delete schemas[name];
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Jigsaw Club API',
        version: '1',
        description:
          'The calls behind the Jigsaw Club pages. Bodies and answers are JSON; a failure answers ' +
          '{message, code?, errors?} with a 4xx or 5xx status. Signed-in calls carry the session cookie ' +
          `(${SESSION_COOKIE}) that signing in sets; calls that change something must come from the club's own pages.`,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform,
    transformObject,
  });
}
