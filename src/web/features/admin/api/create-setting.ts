import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingBody, SystemSetting } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/settings {category, key, value (parsed JSON), description}. */
export function createSetting(body: SettingBody): Promise<SystemSetting> {
  return api.post<SystemSetting>('/api/admin/settings', body);
}

export function useCreateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSetting,
    onSettled: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
        queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      ]),
  });
}
