import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/users/{id}/admin {isAdmin}. */
export function setAdminStatus(id: number, isAdmin: boolean) {
  return api.call('PATCH /api/admin/users/:id/admin', { params: { id }, body: { isAdmin } });
}

export function useSetAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: number; isAdmin: boolean }) => setAdminStatus(id, isAdmin),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
