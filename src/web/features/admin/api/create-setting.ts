import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingBody } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/settings {category, key, value (parsed JSON), description}. */
export function createSetting(body: SettingBody) {
  return api.call('POST /api/admin/settings', { body });
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
