import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSetting } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/settings. */
export function getSettings(): Promise<SystemSetting[]> {
  return api.get<SystemSetting[]>('/api/admin/settings');
}

export const settingsQueryOptions = () => queryOptions({ queryKey: adminKeys.settings, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
