import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TradingNotification } from '../../../../domain/notifications';

/** POST /api/notifications/{id}/read. */
export function markNotificationRead(id: number): Promise<TradingNotification> {
  return api.post<TradingNotification>(`/api/notifications/${id}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
