import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackReply, FeedbackResponseBody } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/feedback/{id}/response: the rated member answers once. */
export function respondToFeedback(feedbackId: number, body: FeedbackResponseBody): Promise<FeedbackReply> {
  return api.post<FeedbackReply>(`/api/feedback/${feedbackId}/response`, body);
}

export function useRespondToFeedback(feedbackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackResponseBody) => respondToFeedback(feedbackId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
  });
}
