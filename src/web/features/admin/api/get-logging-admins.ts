import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/actions/admins: the activity log's admin filter, former administrators included. */
export function getLoggingAdmins() {
  return api.call('GET /api/admin/actions/admins');
}

export function useLoggingAdmins() {
  return useQuery(queryOptions({ queryKey: adminKeys.loggingAdmins, queryFn: getLoggingAdmins }));
}
