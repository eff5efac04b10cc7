import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, formatValidationErrors } from '../../domain/errors';
import { isDataException, isTransactionConflict } from '../db/database-errors';
import { notFoundIssue } from './route-helpers';

// One place turns every failure into the JSON of docs/product/every-call.md#errors: {message, code?, errors?}, a fitting 4xx,
// and never a stack trace. Unexpected failures are logged (by kind and place, never with the
// values involved: logging.ts) and answered with a 500.

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; it should be JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

// Errors Fastify's router raises before any handler runs (the frameworkErrors option): the
// same JSON, without echoing the address back.
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'That address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'That address is too long.' },
};

export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) {
    void reply.status(known.status).send({ message: known.message });
    return;
  }
  void reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
}

const STORE_REFUSED_MESSAGE = 'Some of what you sent cannot be stored. Please check it and try again.';
const BUSY_MESSAGE = 'The club is very busy at this moment. Please try again.';

/** '/address/line_1' -> 'address.line_1', the path format the client shows. */
function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id that cannot name a row is simply not found (route-helpers idParam).
      const notFound = notFoundIssue(error.validation);
      if (notFound) return reply.status(notFound.status).send(notFound.toBody());
      const errors = error.validation.map((v) => ({
        path: pathOf(v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: formatValidationErrors(errors), code: 'VALIDATION', errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ message });
    }
    // Nets under the schemas and the transaction helper: a value the database cannot store is
    // the caller's mistake (400), and a conflict that outlived its retry is worth trying again.
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value the schemas let through');
      return reply.status(400).send(new AppError('BAD_REQUEST', STORE_REFUSED_MESSAGE).toBody());
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'a transaction conflict outlived its retry');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE).toBody());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
