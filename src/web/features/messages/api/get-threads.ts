import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/message-threads: the member's conversations, newest first. */
export function getThreads() {
  return api.call('GET /api/message-threads');
}

export const threadsQueryOptions = () => queryOptions({ queryKey: queryKeys.messageThreads, queryFn: getThreads });

export function useThreads() {
  return useQuery(threadsQueryOptions());
}
