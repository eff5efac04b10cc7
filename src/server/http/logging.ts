import type { Writable } from 'node:stream';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { databaseErrorOf } from '../db/database-errors';
import { truncate } from '../../domain/sentences';

// Logs never hold secrets, personal details or request bodies (issue 16). Two places could
// leak them: URLs (e-mailed tokens travel in page URLs, /verify-email?token=…) and errors (a
// database error names the failed query and its parameters: a member's phone and address).

const SECRET_PARAMS = /([?&](?:token|key|api-key|password)=)[^&]*/gi;

export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** What the log says about a failure. */
export type LoggedError = {
  type: string;
  /** SQLSTATE for a database error ('23505'), else the error's own code ('ECONNREFUSED'). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The driver's error class, when another error wraps it (Drizzle's DrizzleQueryError). */
  cause?: string;
  message?: string;
  /** Where in the code: the stack's frames, without the message line(s) above them. */
  stack?: string[];
};

const MESSAGE_MAX = 200;
const STACK_FRAMES = 10;

/**
 * A message as the log may keep it: quoted parts masked (PostgreSQL quotes the offending
 * value, 'invalid input syntax for type integer: "abc"') and a length cap.
 */
function maskedMessage(message: string): string {
  const masked = message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
  return truncate(masked, MESSAGE_MAX);
}

// Errors that describe our code, not the data: their message helps and holds no value.
const CODE_FAULTS: readonly (new (...args: never[]) => Error)[] = [TypeError, ReferenceError, RangeError];

function framesOf(err: Error): string[] {
  return (err.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, STACK_FRAMES);
}

/**
 * The `err` of every log line: class, code, constraint and table, and where it happened. The
 * message only when it cannot hold a value: the database's (quoted values masked; never the
 * wrapper's, which lists the parameters, nor the `detail`, which repeats the key) or a
 * programming fault's. Other messages (a mail server's, which names the recipient) are left out.
 */
export function describeError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: err === null ? 'null' : typeof err };
  const logged: LoggedError = { type: err.constructor.name };
  const driver = databaseErrorOf(err);
  if (driver) {
    logged.code = driver.code;
    if (driver.constraint) logged.constraint = driver.constraint;
    if (driver.table) logged.table = driver.table;
    if (driver.column) logged.column = driver.column;
    if (driver !== err) logged.cause = driver.constructor.name;
    logged.message = maskedMessage(driver.message);
  } else {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') logged.code = code;
    if (CODE_FAULTS.some((kind) => err.constructor === kind)) logged.message = maskedMessage(err.message);
  }
  logged.stack = framesOf(err);
  return logged;
}

export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrlSecrets(request.url), ip: request.ip };
  },
  err: describeError,
};

/** One line of JSON per event; cookies and authorization headers are never logged. */
export function createLogger(level: string, destination?: Writable): FastifyBaseLogger {
  const options = {
    level,
    serializers: requestSerializers,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}

/** A request slower than this is logged at warn, whatever it was. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Routine requests: the health check (polled by load balancers and monitors) and files (the
 * built client's assets, pictures; not the pages, which have no extension). A successful one
 * is logged at debug only.
 */
function isRoutine(request: FastifyRequest): boolean {
  const url = request.url;
  if (url === '/api/health') return true;
  if (url.startsWith('/api/')) return false;
  const end = url.indexOf('?');
  const pathname = end === -1 ? url : url.slice(0, end);
  return /\.[a-z0-9]+$/i.test(pathname) && pathname !== '/index.html';
}

/** A live-update stream (events/sse.ts): open for minutes by design, never 'slow'. */
function isStream(reply: FastifyReply): boolean {
  return String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

/**
 * One line per request, at its end (Fastify's default is two, 'incoming request' and
 * 'request completed'): method, URL, client address, status and time. Routine successes
 * (isRoutine) go at debug, so the default info level skips them; 5xx and failures at error, a
 * slow request at warn, everything else (API calls, pages, 4xx) at info. The choice, and what
 * it saved per request: docs/operations.md#logs.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request completed');
    else if (line.responseTime >= SLOW_REQUEST_MS && !isStream(reply)) reply.log.warn(line, 'slow request');
    else if (reply.statusCode < 400 && isRoutine(request)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's logging options for the app: this logger, one line per request (above); none without one. */
export function loggingOptions(logger: FastifyBaseLogger | undefined) {
  return logger ? { loggerInstance: logger, logController: new RequestLogController() } : { logger: false as const };
}
