import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/reset-password: sets a new password from the e-mailed link. */
export function resetPassword(body: ResetPasswordBody) {
  return api.call('POST /api/auth/reset-password', { body });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session of that member (server side), this browser's included.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
