import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateThreadBody } from '../../../../domain/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/message-threads: starts a conversation about a puzzle, or (answer 200) adds the
 * message to the one the two members already have about it.
 */
export function createThread(body: CreateThreadBody) {
  return api.call('POST /api/message-threads', { body });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: async (thread) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threadMessages(thread.id) }),
      ]);
    },
  });
}
