import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshManufacturers } from './update-manufacturer';

/** POST /api/admin/manufacturers {name}. */
export function createManufacturer(name: string) {
  return api.call('POST /api/admin/manufacturers', { body: { name } });
}

export function useCreateManufacturer() {
  const refresh = useRefreshManufacturers();
  return useMutation({ mutationFn: createManufacturer, onSettled: refresh });
}
