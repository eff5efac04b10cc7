import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/notifications/{id}/read. */
export function markNotificationRead(id: number) {
  return api.call('POST /api/notifications/:id/read', { params: { id } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
