import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveReportBody } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/reports/{id}/resolve {action, notes}. */
export function resolveReport(id: number, body: ResolveReportBody) {
  return api.call('POST /api/admin/reports/:id/resolve', { params: { id }, body });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResolveReportBody }) => resolveReport(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
