import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/users/{id}/unsuspend. */
export function unsuspendMember(id: number) {
  return api.call('POST /api/admin/users/:id/unsuspend', { params: { id } });
}

export function useUnsuspendMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsuspendMember(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
