import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserListQuery } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type UserListQuery = Partial<AdminUserListQuery>;

/** GET /api/admin/users: one page of members (search, sort), with the total. */
export function getUsers(query: UserListQuery = {}) {
  return api.page('GET /api/admin/users', { query });
}

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({ queryKey: adminKeys.userList(query), queryFn: () => getUsers(query) });

export function useUsers(query: UserListQuery) {
  // The table stays in place while the next page or order loads.
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
