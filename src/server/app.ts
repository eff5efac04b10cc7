import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../domain/errors';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { EventBus } from './events/event-bus';
import { frameworkErrorReply, registerErrorHandling } from './http/error-handler';
import { registerCsrfCheck } from './http/csrf';
import { registerSecurityHeaders } from './http/security-headers';
import { registerClient } from './http/static-client';
import { registerUploadsStatic } from './uploads/serve-uploads';
import { healthRoutes } from './health/routes';
import { registerSessions } from './auth/session-plugin';
import { authRoutes } from './auth/routes';
import { messageRoutes } from './messages/routes';
import { profileRoutes } from './profile/routes';
import { listingRoutes } from './listings/routes';
import { favoriteRoutes } from './favorites/routes';
import { uploadRoutes } from './uploads/routes';
import { tradeRoutes } from './trades/routes';
import { pointsRoutes } from './points/routes';

/** What every feature's routes receive: configuration, the open database, the mailer, live events. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  events: EventBus;
};

export type BuildAppOptions = {
  /** The process's logger (main.ts); without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
};

// Plugin order is fixed: external plugins, then our cross-cutting hooks, then feature routes,
// then the client. One error handler and one not-found handler for the whole app.
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Per-IP rate limits read request.ip: never trust X-Forwarded-For from the open internet.
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted: text/plain is what cross-site HTML forms can send.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerCsrfCheck(app, ctx.config.appUrl);
  registerSessions(app, ctx);

  await app.register(
    async (api) => {
      // Registered once for every API route; each route opts in with `config.rateLimit`.
      await api.register(rateLimit, {
        global: false,
        errorResponseBuilder: () =>
          new AppError('RATE_LIMITED', 'Too many attempts from your network. Please wait a few minutes and try again.'),
      });
      await healthRoutes(api, ctx);
      await authRoutes(api, ctx);
      await messageRoutes(api, ctx);
      await profileRoutes(api, ctx);
      await listingRoutes(api, ctx);
      await favoriteRoutes(api, ctx);
      await uploadRoutes(api, ctx);
      await tradeRoutes(api, ctx);
      await pointsRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  await registerUploadsStatic(app, ctx.config.uploadDir);
  // A getter: tests set appUrl once the server knows its port.
  await registerClient(app, ctx.config.clientDir, { appUrl: () => ctx.config.appUrl });
  return app;
}
