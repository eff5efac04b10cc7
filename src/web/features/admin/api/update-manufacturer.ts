import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManufacturerPatchBody } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/manufacturers/{id} {name?, isActive?}. */
export function updateManufacturer(id: number, body: ManufacturerPatchBody) {
  return api.call('PATCH /api/admin/manufacturers/:id', { params: { id }, body });
}

/** After any manufacturer change: the admin list, the log, and every form's choice list ('manufacturers…'). */
export function useRefreshManufacturers() {
  const queryClient = useQueryClient();
  return () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.manufacturers }),
      queryClient.invalidateQueries({ queryKey: adminKeys.actions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.manufacturers }),
    ]);
}

export function useUpdateManufacturer() {
  const refresh = useRefreshManufacturers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ManufacturerPatchBody }) => updateManufacturer(id, body),
    onSettled: refresh,
  });
}
