import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/message-threads/{threadId}/messages: a reply in a conversation. */
export function sendMessage({ threadId, content }: { threadId: number; content: string }) {
  return api.call('POST /api/message-threads/:threadId/messages', { params: { threadId }, body: { content } });
}

/** Sends a reply, then refreshes the threads, that thread's messages and the unread count (docs/product/screens.md#how-the-client-calls). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (_message, { threadId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threadMessages(threadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount }),
      ]);
    },
  });
}
