import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { forgetMember } from '../../../lib/query-client';
import { paths } from '../../../paths';

/** POST /api/auth/logout. The answer is not read. */
export async function signOut(): Promise<void> {
  await api.call('POST /api/auth/logout');
}

/**
 * Signs the member out. Whether the call succeeds or fails the browser goes to / and the
 * cached member is forgotten (docs/product/accounts.md#sessions); a failure is only logged.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: signOut,
    onError: (error) => {
      console.warn('Sign-out call failed; signing out in this browser anyway.', error);
    },
    onSettled: async () => {
      await navigate(paths.home.getHref());
      forgetMember(queryClient);
    },
  });
  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
