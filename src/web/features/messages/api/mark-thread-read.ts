import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/message-threads/{threadId}/mark-read: answers the member's new unread total. */
export function markThreadRead(threadId: number) {
  return api.call('POST /api/message-threads/:threadId/mark-read', { params: { threadId } });
}

/** Marks a thread read; the badge takes the new total at once, the list is fetched again. */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    onSuccess: async (unread) => {
      queryClient.setQueryData(queryKeys.unreadCount, unread);
      await queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads });
    },
  });
}
