import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { rememberSignedInUser } from './get-current-user';

export interface SignInResponse {
  user: CurrentUser;
}

/** POST /api/auth/login: answers {user} and sets the session cookie. */
export function signIn(body: LoginBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/login', body);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => rememberSignedInUser(queryClient, user),
  });
}
