import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminActionListQuery, AdminActionView } from '../../../../domain/admin';
import { getPage, type ListPage } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type ActionListQuery = Partial<AdminActionListQuery>;

/** GET /api/admin/actions: one page of the activity log, newest first, with the total. */
export function getActions(query: ActionListQuery = {}): Promise<ListPage<AdminActionView>> {
  return getPage<AdminActionView>('/api/admin/actions', { query });
}

export const actionsQueryOptions = (query: ActionListQuery) =>
  queryOptions({ queryKey: adminKeys.actionList(query), queryFn: () => getActions(query) });

export function useActions(query: ActionListQuery) {
  return useQuery({ ...actionsQueryOptions(query), placeholderData: keepPreviousData });
}
