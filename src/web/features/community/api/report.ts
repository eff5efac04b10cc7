import type { FlagAnswer, FlagBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** POST /api/community/flags {postId | replyId, reason, details?}. */
export function report(body: FlagBody): Promise<FlagAnswer> {
  return api.post<FlagAnswer>('/api/community/flags', body);
}

export const useReport = () => useCommunityMutation(report);
