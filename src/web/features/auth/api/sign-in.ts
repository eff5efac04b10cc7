import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { rememberSignedInUser } from './get-current-user';

/** POST /api/auth/login: answers {user} and sets the session cookie. */
export function signIn(body: LoginBody) {
  return api.call('POST /api/auth/login', { body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => rememberSignedInUser(queryClient, user),
  });
}
