import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';

// docs/product/every-call.md#cross-site-protection: a mutating call whose Origin (or, without one, Sec-Fetch-Site) shows another
// site is refused. SameSite=Lax cookies already stop most forgeries; this closes the rest.

const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// An e-mail's one-click unsubscribe (RFC 8058) is POSTed by the mail provider itself, from no
// page of ours; it needs no session and changes only what its signed token names
// (docs/product/email.md#one-click-unsubscribe).
const CROSS_SITE_ALLOWED = new Set(['/api/unsubscribe']);

export function registerCsrfCheck(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || CROSS_SITE_ALLOWED.has(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    if (origin) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== appOrigin && origin !== ownOrigin) {
        throw new AppError('CROSS_SITE', CROSS_SITE_MESSAGE);
      }
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError('CROSS_SITE', CROSS_SITE_MESSAGE);
    }
  });
}
