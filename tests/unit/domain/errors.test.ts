import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_CODES,
  formatValidationErrors,
  httpErrorMessage,
  isAppError,
  listingInputSchema,
  serverMessage,
  validationError,
} from '../../../src/domain';

describe('ERROR_CODES', () => {
  it('maps codes to the expected HTTP statuses', () => {
    expect(ERROR_CODES.UNAUTHENTICATED).toEqual({ status: 401, message: 'Please sign in to continue.' });
    expect(ERROR_CODES.FORBIDDEN.status).toBe(403);
    expect(ERROR_CODES.NOT_FOUND.status).toBe(404);
    expect(ERROR_CODES.VALIDATION).toEqual({ status: 400, message: 'Validation failed' });
    expect(ERROR_CODES.CONFLICT.status).toBe(409);
    expect(ERROR_CODES.DUPLICATE_REQUEST.status).toBe(409);
    expect(ERROR_CODES.RATE_LIMITED.status).toBe(429);
    expect(ERROR_CODES.PAYLOAD_TOO_LARGE.status).toBe(413);
    expect(ERROR_CODES.UNSUPPORTED_MEDIA.status).toBe(415);
    expect(ERROR_CODES.OWN_LISTING).toEqual({ status: 400, message: 'You cannot request your own puzzle listing.' });
    expect(ERROR_CODES.PROFILE_INCOMPLETE.message).toBe(
      'Complete your profile first. You need to add your full name, phone number, and postal address to request puzzles.',
    );
    expect(ERROR_CODES.INSUFFICIENT_POINTS.status).toBe(400);
  });

  it('never uses a 5xx status for bad input', () => {
    const fiveHundreds = Object.entries(ERROR_CODES)
      .filter(([, v]) => v.status >= 500)
      .map(([k]) => k);
    expect(fiveHundreds.sort()).toEqual(['INTERNAL', 'SERVICE_UNAVAILABLE']);
  });
});

describe('AppError', () => {
  it('takes its status and default message from the table', () => {
    const error = new AppError('NOT_FOUND');
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not found');
    expect(error.toBody()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('can carry its own message and field errors', () => {
    const error = new AppError(
      'INSUFFICIENT_POINTS',
      'Insufficient puzzle points. You have 1 points but need 5 points.',
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Insufficient puzzle points. You have 1 points but need 5 points.');
    const withFields = new AppError('VALIDATION', undefined, [{ path: 'title', message: 'Title is required' }]);
    expect(withFields.toBody()).toEqual({
      message: 'Validation failed',
      code: 'VALIDATION',
      errors: [{ path: 'title', message: 'Title is required' }],
    });
  });
});

describe('formatValidationErrors', () => {
  it("joins errors as 'Validation failed: path: message, ...'", () => {
    expect(
      formatValidationErrors([
        { path: 'title', message: 'Title is required' },
        { path: 'pieces', message: 'Pieces must be at least 1' },
      ]),
    ).toBe('Validation failed: title: Title is required, pieces: Pieces must be at least 1');
  });

  it('omits an empty path and reads plainly with no errors', () => {
    expect(formatValidationErrors([{ path: '', message: 'Nothing to update' }])).toBe(
      'Validation failed: Nothing to update',
    );
    expect(formatValidationErrors([])).toBe('Validation failed');
  });

  it('builds a 400 from schema issues with dotted paths', () => {
    const result = listingInputSchema.safeParse({ title: '', pieces: 0, condition: 'good' });
    if (result.success) throw new Error('expected failure');
    const error = validationError(result.error.issues);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation failed: title: Title is required, pieces: Pieces must be at least 1');
    expect(error.errors).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'pieces', message: 'Pieces must be at least 1' },
    ]);
  });
});

describe('client error messages', () => {
  it('read "status: body", or the status text when the body is empty', () => {
    expect(httpErrorMessage(400, '{"message":"Bad"}', 'Bad Request')).toBe('400: {"message":"Bad"}');
    expect(httpErrorMessage(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
  });

  it('recover the server message for toasts', () => {
    expect(serverMessage('400: {"message":"You cannot request your own puzzle listing."}')).toBe(
      'You cannot request your own puzzle listing.',
    );
    expect(serverMessage('502: Bad Gateway')).toBe('Bad Gateway');
    expect(serverMessage('400: {"other":1}')).toBe('{"other":1}');
  });
});
