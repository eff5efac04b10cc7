import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminActionListQuery } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type ActionListQuery = Partial<AdminActionListQuery>;

/** GET /api/admin/actions: one page of the activity log, newest first, with the total. */
export function getActions(query: ActionListQuery = {}) {
  return api.page('GET /api/admin/actions', { query });
}

export const actionsQueryOptions = (query: ActionListQuery) =>
  queryOptions({ queryKey: adminKeys.actionList(query), queryFn: () => getActions(query) });

export function useActions(query: ActionListQuery) {
  return useQuery({ ...actionsQueryOptions(query), placeholderData: keepPreviousData });
}
