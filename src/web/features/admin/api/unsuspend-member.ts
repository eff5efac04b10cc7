import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberAdmin } from '../../../../domain/members';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/users/{id}/unsuspend. */
export function unsuspendMember(id: number): Promise<MemberAdmin> {
  return api.post<MemberAdmin>(`/api/admin/users/${id}/unsuspend`);
}

export function useUnsuspendMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsuspendMember(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
