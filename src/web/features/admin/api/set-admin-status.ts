import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberAdmin } from '../../../../domain/members';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/users/{id}/admin {isAdmin}. */
export function setAdminStatus(id: number, isAdmin: boolean): Promise<MemberAdmin> {
  return api.patch<MemberAdmin>(`/api/admin/users/${id}/admin`, { isAdmin });
}

export function useSetAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) => setAdminStatus(id, isAdmin),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
