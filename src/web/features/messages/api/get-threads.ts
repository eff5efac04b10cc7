import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MessageThread } from '../../../../domain/messages';

/** GET /api/message-threads: the member's conversations, newest first. */
export function getThreads(): Promise<MessageThread[]> {
  return api.get<MessageThread[]>('/api/message-threads');
}

export const threadsQueryOptions = () => queryOptions({ queryKey: queryKeys.messageThreads, queryFn: getThreads });

export function useThreads() {
  return useQuery(threadsQueryOptions());
}
