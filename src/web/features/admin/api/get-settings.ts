import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/settings. */
export function getSettings() {
  return api.call('GET /api/admin/settings');
}

export const settingsQueryOptions = () => queryOptions({ queryKey: adminKeys.settings, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
