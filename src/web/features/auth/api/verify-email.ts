import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { rememberSignedInUser } from './get-current-user';

/**
 * POST /api/auth/verify-email: sets the password from the e-mailed link, activates the
 * account with its welcome gift and (autoLogin) signs the member in.
 */
export function verifyEmail(body: VerifyEmailBody) {
  return api.call('POST /api/auth/verify-email', { body });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async ({ autoLogin, user }) => {
      if (autoLogin) await rememberSignedInUser(queryClient, user);
    },
  });
}
