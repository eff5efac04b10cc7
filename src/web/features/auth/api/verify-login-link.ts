import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginLinkVerifyBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { rememberSignedInUser } from './get-current-user';

/** POST /api/auth/login-link/verify: signs the member in with the e-mailed token. */
export function verifyLoginLink(body: LoginLinkVerifyBody) {
  return api.call('POST /api/auth/login-link/verify', { body });
}

export function useVerifyLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLoginLink,
    onSuccess: ({ user }) => rememberSignedInUser(queryClient, user),
  });
}
