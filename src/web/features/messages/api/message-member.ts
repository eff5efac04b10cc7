import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectMessageBody } from '../../../../domain/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/message-threads/direct: a message to a member from their page, in the two
 * members' one conversation (started, or continued with answer 200).
 */
export function messageMember(body: DirectMessageBody) {
  return api.call('POST /api/message-threads/direct', { body });
}

export function useMessageMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: messageMember,
    onSuccess: async (thread) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threadMessages(thread.id) }),
      ]);
    },
  });
}
