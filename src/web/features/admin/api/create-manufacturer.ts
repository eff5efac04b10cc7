import { useMutation } from '@tanstack/react-query';
import type { AdminManufacturer } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { useRefreshManufacturers } from './update-manufacturer';

/** POST /api/admin/manufacturers {name}. */
export function createManufacturer(name: string): Promise<AdminManufacturer> {
  return api.post<AdminManufacturer>('/api/admin/manufacturers', { name });
}

export function useCreateManufacturer() {
  const refresh = useRefreshManufacturers();
  return useMutation({ mutationFn: createManufacturer, onSettled: refresh });
}
