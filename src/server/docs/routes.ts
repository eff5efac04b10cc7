import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { renderDocsPage, type OpenApiDocument } from './docs-page';

// GET /api/docs/json: the API as an OpenAPI 3 document; GET /api/docs: the same as a page.
// Public: the calls are no secret, and every one still checks who is asking. Neither is in
// the document itself.

export async function docsRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // Built once, on first request: the routes do not change while the app runs.
  let page: string | undefined;

  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderDocsPage(app.swagger() as unknown as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
