import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingPatchBody, SystemSetting } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/settings/{id} {value?, description?}: changed in place. */
export function updateSetting(id: number, body: SettingPatchBody): Promise<SystemSetting> {
  return api.patch<SystemSetting>(`/api/admin/settings/${id}`, body);
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
