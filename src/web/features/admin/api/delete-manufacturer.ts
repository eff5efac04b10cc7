import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshManufacturers } from './update-manufacturer';

/** DELETE /api/admin/manufacturers/{id}: refused (409) while listings use it. */
export function deleteManufacturer(id: number) {
  return api.call('DELETE /api/admin/manufacturers/:id', { params: { id } });
}

export function useDeleteManufacturer() {
  const refresh = useRefreshManufacturers();
  return useMutation({ mutationFn: deleteManufacturer, onSettled: refresh });
}
