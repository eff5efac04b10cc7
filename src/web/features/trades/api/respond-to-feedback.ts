import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackResponseBody } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/feedback/{id}/response: the rated member answers once. */
export function respondToFeedback(feedbackId: number, body: FeedbackResponseBody) {
  return api.call('POST /api/feedback/:id/response', { params: { id: feedbackId }, body });
}

export function useRespondToFeedback(feedbackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackResponseBody) => respondToFeedback(feedbackId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
  });
}
