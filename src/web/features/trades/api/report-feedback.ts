import { useMutation } from '@tanstack/react-query';
import type { FeedbackReportBody } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';

/** POST /api/feedback/{id}/report: sends the feedback to the administrators for review. */
export function reportFeedback(feedbackId: number, body: FeedbackReportBody) {
  return api.call('POST /api/feedback/:id/report', { params: { id: feedbackId }, body });
}

export function useReportFeedback(feedbackId: number) {
  return useMutation({ mutationFn: (body: FeedbackReportBody) => reportFeedback(feedbackId, body) });
}
