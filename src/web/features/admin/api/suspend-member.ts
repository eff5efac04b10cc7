import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspendBody } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/users/{id}/suspend {reason, until}. */
export function suspendMember(id: number, body: SuspendBody) {
  return api.call('POST /api/admin/users/:id/suspend', { params: { id }, body });
}

export function useSuspendMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspendBody) => suspendMember(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
