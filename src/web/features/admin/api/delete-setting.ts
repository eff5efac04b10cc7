import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** DELETE /api/admin/settings/{id}. */
export function deleteSetting(id: number) {
  return api.call('DELETE /api/admin/settings/:id', { params: { id } });
}

export function useDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSetting,
    onSettled: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]),
  });
}
