import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino from 'pino';

// Request logs must never carry secrets: e-mailed tokens travel in page URLs
// (/verify-email?token=…), so query values that look like secrets are masked.
const SECRET_PARAMS = /([?&](?:token|key|api-key|password)=)[^&]*/gi;

export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrlSecrets(request.url), ip: request.ip };
  },
};

/** One line of JSON per event; cookies and authorization headers are never logged. */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({
    level,
    serializers: requestSerializers,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  }) as FastifyBaseLogger;
}
