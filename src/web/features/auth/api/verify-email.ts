import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { rememberSignedInUser } from './get-current-user';

export interface VerifyEmailResponse {
  /** True when the server signed the new member in (it always does today). */
  autoLogin: boolean;
  user?: CurrentUser;
  message?: string;
}

/**
 * POST /api/auth/verify-email: sets the password from the e-mailed link, activates the
 * account with its welcome gift and (autoLogin) signs the member in.
 */
export function verifyEmail(body: VerifyEmailBody): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>('/api/auth/verify-email', body);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async ({ autoLogin, user }) => {
      if (autoLogin && user) await rememberSignedInUser(queryClient, user);
    },
  });
}
