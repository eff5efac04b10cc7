import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingPatchBody } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/settings/{id} {value?, description?}: changed in place. */
export function updateSetting(id: number, body: SettingPatchBody) {
  return api.call('PATCH /api/admin/settings/:id', { params: { id }, body });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SettingPatchBody }) => updateSetting(id, body),
    onSettled: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]),
  });
}
