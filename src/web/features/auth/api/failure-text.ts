import { ApiError } from '../../../lib/api-client';

/**
 * The description of a failure toast, in this order of preference (docs/product/screens.md#toasts): the
 * server's own message; else, when the server answered without one, the call's fallback
 * ('Failed to send verification email'); else, when there was no answer at all (offline),
 * the toast's fallback ('Please try again.').
 */
export function failureText(error: unknown, fallbacks: { call?: string; toast: string }): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallbacks.call ?? fallbacks.toast;
  return fallbacks.toast;
}
