import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/forgot-password: e-mails a link to /reset-password when the address has an
 * account. The answer is the same either way.
 */
export function forgotPassword(body: ForgotPasswordBody) {
  return api.call('POST /api/auth/forgot-password', { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
