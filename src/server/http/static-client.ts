import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built client. Hashed assets are cached for a year; index.html never is, so a
// new release reaches members on their next visit. Unknown non-API paths get index.html and
// the client's router shows its own page (or the 404 page).

export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && hasClient && !path.extname(request.url.split('?')[0]!)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', clientDir!);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
