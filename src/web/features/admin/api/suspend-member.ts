import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspendBody } from '../../../../domain/admin';
import type { MemberAdmin } from '../../../../domain/members';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/users/{id}/suspend {reason, until}. */
export function suspendMember(id: number, body: SuspendBody): Promise<MemberAdmin> {
  return api.post<MemberAdmin>(`/api/admin/users/${id}/suspend`, body);
}

export function useSuspendMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspendBody) => suspendMember(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
