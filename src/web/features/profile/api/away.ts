import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// 'I am away' (docs/product/trust.md#away): PUT /api/profile/away {until} and DELETE /api/profile/away,
// each answering the member as they now are.

export function useAway() {
  const queryClient = useQueryClient();
  const done = (member: ApiAnswer<'PUT /api/profile/away'>) => {
    queryClient.setQueryData(queryKeys.currentUser, member);
    // Their listings' pages and the member page say whether they are away.
    void queryClient.invalidateQueries({ queryKey: queryKeys.listingDetails });
  };
  const setAway = useMutation({
    mutationFn: (until: string) => api.call('PUT /api/profile/away', { body: { until } }),
    onSuccess: done,
  });
  const endAway = useMutation({
    mutationFn: () => api.call('DELETE /api/profile/away'),
    onSuccess: done,
  });
  return { setAway, endAway };
}
