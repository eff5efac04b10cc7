import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../domain/errors';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { frameworkErrorReply, registerErrorHandling } from './http/error-handler';
import { countCallsInFlight } from './http/calls-in-flight';
import { registerCompression } from './http/compression';
import { loggingOptions } from './http/logging';
import { registerCsrfCheck } from './http/csrf';
import { registerSecurityHeaders } from './http/security-headers';
import { registerClient } from './http/static-client';
import { listingPicturePreload } from './listings/picture-preload';
import { registerSecurityTxt } from './http/security-txt';
import { registerUploadServing } from './uploads/serve-uploads';
import { declareSharedContract } from './http/route-helpers';
import { drainNotices, stopNotices } from './notices/notices';
import { hitCounterFor, rateLimitStore } from './http/hit-counter';
import { shareBrowseCacheForgets } from './listings/browse-cache-sync';
import { registerSessions, SESSION_COOKIE } from './auth/session-plugin';
import { adminRoutes } from './admin/routes';
import { registerOpenApi } from './docs/openapi';
import { docsRoutes } from './docs/routes';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { emailPreferenceRoutes } from './email-preferences/routes';
import { communityRoutes } from './community/routes';
import { eventRoutes } from './events/routes';
import { favoriteRoutes } from './favorites/routes';
import { feedbackRoutes } from './feedback/routes';
import { healthRoutes } from './health/routes';
import { listingRoutes } from './listings/routes';
import { manufacturerRoutes } from './manufacturers/routes';
import { memberRoutes } from './members/routes';
import { messageRoutes } from './messages/routes';
import { notificationRoutes } from './notifications/routes';
import { pointsRoutes } from './points/routes';
import { postageRoutes } from './postage/routes';
import { profileRoutes } from './profile/routes';
import { statsRoutes } from './stats/routes';
import { tradeRoutes } from './trades/routes';
import { uploadRoutes } from './uploads/routes';
import { wantedRoutes } from './wanted/routes';
import { checkRouteAgainstContract } from './http/route-contract';

export type BuildAppOptions = {
  /** The process's logger (main.ts); without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
};

// Plugin order is fixed: external plugins, then our cross-cutting hooks, then feature routes,
// then the client. One error handler and one not-found handler for the whole app.
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(options.logger),
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
  // Pictures may come from S3_PUBLIC_URL (a CDN): the only other origin a page loads from.
  const publicPictures = ctx.config.s3?.publicUrl;
  await registerSecurityHeaders(app, { imageOrigins: publicPictures ? [new URL(publicPictures).origin] : [] });
  await app.register(cookie);
  registerCsrfCheck(app, ctx.config.appUrl);
  registerSessions(app, ctx);
  // Notices still being delivered when the app closes (a mail mid-send) are finished first.
  app.addHook('onClose', async () => {
    await drainNotices(ctx);
    stopNotices(ctx);
  });

  // Several processes on one PostgreSQL database forget browse's remembered cards together.
  if (ctx.database.kind === 'postgres') {
    const stopSharing = shareBrowseCacheForgets(ctx.events, app.log);
    app.addHook('onClose', async () => stopSharing());
  }

  // Before the routes: it collects them as they are registered.
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      // Every API route declares the answers and access its kind of route shares (route-helpers.ts).
      api.addHook('onRoute', declareSharedContract);
      // Each route answers as src/domain/api-contract.ts says, which is what the web is typed against.
      api.addHook('onRoute', checkRouteAgainstContract);
      // Which calls are being answered now, so the Wanted matcher can give way to them.
      countCallsInFlight(api, ctx, '/api/events');
      // API answers over a kilobyte go out compressed (the client is compressed at build time).
      await registerCompression(api);
      // Registered once for every API route; each route opts in with `config.rateLimit`.
      // Counted where every app process sees the same count (hit-counter.ts).
      await api.register(rateLimit, {
        global: false,
        store: rateLimitStore(hitCounterFor(ctx.database)),
        errorResponseBuilder: () =>
          new AppError('RATE_LIMITED', 'Too many attempts from your network. Please wait a few minutes and try again.'),
      });
      // Every feature's routes, each registered here and nowhere else, tagged with the
      // feature's name in the API document.
      const features = {
        health: healthRoutes,
        auth: authRoutes,
        profile: profileRoutes,
        manufacturers: manufacturerRoutes,
        stats: statsRoutes,
        listings: listingRoutes,
        favorites: favoriteRoutes,
        uploads: uploadRoutes,
        messages: messageRoutes,
        events: eventRoutes,
        trades: tradeRoutes,
        feedback: feedbackRoutes,
        members: memberRoutes,
        community: communityRoutes,
        notifications: notificationRoutes,
        email: emailPreferenceRoutes,
        contact: contactRoutes,
        points: pointsRoutes,
        postage: postageRoutes,
        wanted: wantedRoutes,
        admin: adminRoutes,
        docs: docsRoutes,
      };
      for (const [feature, routes] of Object.entries(features)) {
        await api.register(async (scope) => {
          scope.addHook('onRoute', (route) => {
            (route.schema ??= {}).tags ??= [feature];
          });
          await routes(scope, ctx);
        });
      }
    },
    { prefix: '/api' },
  );

  await registerUploadServing(app, ctx.pictures);
  await registerSecurityTxt(app, () => ctx.config.appUrl);
  // A getter: tests set appUrl once the server knows its port.
  await registerClient(app, ctx.config.clientDir, {
    appUrl: () => ctx.config.appUrl,
    headMarkupFor: (pathname) => listingPicturePreload(ctx.database.db, pathname),
    signedIn: (request) => Boolean(request.cookies[SESSION_COOKIE]),
  });
  return app;
}
