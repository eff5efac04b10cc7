import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/message-threads/{threadId}/messages: oldest first. */
export function getThreadMessages(threadId: number) {
  return api.call('GET /api/message-threads/:threadId/messages', { params: { threadId } });
}

export const threadMessagesQueryOptions = (threadId: number) =>
  queryOptions({ queryKey: queryKeys.threadMessages(threadId), queryFn: () => getThreadMessages(threadId) });

export function useThreadMessages(threadId: number | null) {
  return useQuery({ ...threadMessagesQueryOptions(threadId ?? 0), enabled: threadId !== null });
}
