import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PointsAdjustmentBody } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/users/{id}/points {amount, reason}: a grant (positive) or a deduction. */
export function adjustPoints(id: number, body: PointsAdjustmentBody) {
  return api.call('POST /api/admin/users/:id/points', { params: { id }, body });
}

export function useAdjustPoints(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsAdjustmentBody) => adjustPoints(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
