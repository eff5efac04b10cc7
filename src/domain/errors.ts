// Every domain error in one table: code -> HTTP status and default message. The server's
// error handler answers {message, code, errors?}; the client shows `message`.

import { z } from 'zod';
import { OWN_LISTING_MESSAGE, PROFILE_INCOMPLETE_MESSAGE } from './trades';

export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'Validation failed' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  INVALID_TOKEN: { status: 400, message: 'This link is invalid or has expired.' },
  PROFILE_INCOMPLETE: { status: 400, message: PROFILE_INCOMPLETE_MESSAGE },
  INSUFFICIENT_POINTS: { status: 400, message: 'Insufficient puzzle points.' },
  OWN_LISTING: { status: 400, message: OWN_LISTING_MESSAGE },
  LISTING_UNAVAILABLE: { status: 400, message: 'This puzzle is not available for trading.' },
  MESSAGE_SELF: { status: 400, message: 'You cannot send a message to your own puzzle listing' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  ADMIN_ONLY: { status: 403, message: "You don't have admin privileges to access this page." },
  // One's own row answers 400 (docs/product/administration.md#members-and-admin-status).
  SELF_ADMIN: { status: 400, message: 'You cannot remove your own admin status' },
  SUSPENDED: { status: 403, message: 'Your membership is suspended.' },
  CROSS_SITE: { status: 403, message: 'Cross-site requests are not allowed.' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  LISTING_NOT_FOUND: { status: 404, message: 'Puzzle not found' },
  CONFLICT: { status: 409, message: 'That conflicts with the current state. Please refresh.' },
  DUPLICATE_REQUEST: { status: 409, message: 'You already have an open request for this puzzle.' },
  // docs/product/trust.md: a new trader's one request too many; a request to a member who is away.
  NEW_TRADER_LIMIT: { status: 409, message: 'New members can have only a few requests open at a time.' },
  MEMBER_AWAY: { status: 409, message: 'The owner of this puzzle is away at the moment.' },
  INVALID_TRANSITION: { status: 409, message: 'This trade cannot do that in its current state.' },
  INVALID_STATUS_CHANGE: { status: 409, message: 'This listing status change is not allowed.' },
  BALANCE_TOO_LOW: {
    status: 409,
    message: 'The requester no longer has enough PuzzlePoints for this trade.',
  },
  FEEDBACK_EXISTS: { status: 409, message: 'You have already left feedback for this trade.' },
  DUPLICATE_NAME: { status: 409, message: 'That name is already in use.' },
  // docs/product/wanted.md#the-first-offer: the puzzle is offered first to a member who wished for it.
  LISTING_HELD: { status: 409, message: 'This puzzle is being offered first to a member who asked for it.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The file is too large. The limit is 10 MB.' },
  UNSUPPORTED_MEDIA: {
    status: 415,
    message: 'Unsupported file type. Please upload a JPEG, PNG or WebP image.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'This service is not available right now.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const fieldErrorSchema = z.object({
  /** 'address.line_1': where in the body; '(body)' for the body as a whole. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.output<typeof fieldErrorSchema>;

/**
 * Every failed call's answer (docs/product/every-call.md#errors): a sentence to show, the code to act on (absent
 * only for failures the router raises before any route runs), and the fields at fault.
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.output<typeof errorBodySchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, message?: string, errors?: FieldError[]) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    if (errors) this.errors = errors;
  }

  toBody(): ErrorBody & { code: ErrorCode } {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

// docs/product/every-call.md#errors: 'Validation failed: path: message, ...'.
export function formatValidationErrors(errors: readonly FieldError[]): string {
  if (errors.length === 0) return 'Validation failed';
  const parts = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
  return `Validation failed: ${parts.join(', ')}`;
}

export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const errors = zodIssuesToErrors(issues);
  return new AppError('VALIDATION', formatValidationErrors(errors), errors);
}

// docs/product/screens.md#how-the-client-calls: a failed call becomes an Error whose message is "status: body-or-statusText".
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

// Toasts show "the server message": recover it from an httpErrorMessage string when the
// body was our JSON error; otherwise fall back to the raw body text.
export function serverMessage(errorMessage: string): string {
  const body = errorMessage.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // not JSON: the body text itself is the message
  }
  return body;
}
