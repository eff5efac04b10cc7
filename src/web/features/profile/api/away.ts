import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberSelf } from '../../../../domain/members';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// 'I am away' (docs/product/trust.md#away): PUT /api/profile/away {until} and DELETE /api/profile/away,
// each answering the member as they now are.

export function useAway() {
  const queryClient = useQueryClient();
  const done = (member: MemberSelf) => {
    queryClient.setQueryData(queryKeys.currentUser, member);
    // Their listings' pages and the member page say whether they are away.
    void queryClient.invalidateQueries({ queryKey: queryKeys.listingDetails });
  };
  const setAway = useMutation({
    mutationFn: (until: string) => api.put<MemberSelf>('/api/profile/away', { until }),
    onSuccess: done,
  });
  const endAway = useMutation({
    mutationFn: () => api.delete<MemberSelf>('/api/profile/away'),
    onSuccess: done,
  });
  return { setAway, endAway };
}
