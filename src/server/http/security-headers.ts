import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// A strict Content-Security-Policy: scripts only from our own origin, nothing inline.
// Inline *styles* are allowed because Radix primitives set positions with style attributes
// and its scroll lock adds a <style> element; styles cannot run code.
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Browser features the club never uses, switched off for our pages and anything they embed,
 * so injected script could not use them either. Only names Chromium knows: an unknown one
 * costs a console warning on every page. The clipboard stays allowed (the Share button).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** `imageOrigins`: other origins pictures may load from (S3_PUBLIC_URL's). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { imageOrigins?: string[] } = {},
): Promise<void> {
  const imgSrc = [...CONTENT_SECURITY_POLICY.imgSrc, ...(options.imageOrigins ?? [])];
  // Not global: the plugin would build helmet's middleware afresh for every request, parsing
  // the policy each time (about 4 % of the app's CPU profile under the browse bench). The headers are
  // the same for every answer, so helmet sets them once, on the first request, and they are
  // copied from then on.
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, imgSrc } },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  let helmetHeaders: Array<[string, number | string | string[]]> | undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (helmetHeaders === undefined) {
      const before = new Set(reply.raw.getHeaderNames());
      reply.helmet();
      helmetHeaders = reply.raw
        .getHeaderNames()
        .filter((name) => !before.has(name))
        .map((name) => [name, reply.raw.getHeader(name)!]);
    } else {
      for (const [name, value] of helmetHeaders) reply.raw.setHeader(name, value);
    }
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // API answers are personal (a member's data, or who is signed in), so no browser or proxy
    // keeps them. A route may still set its own Cache-Control (docs/decisions/0012-http-caching.md).
    if (/^\/api(?:[/?]|$)/.test(request.url)) void reply.header('Cache-Control', 'no-store');
  });
}
