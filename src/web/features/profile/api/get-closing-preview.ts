import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/profile/closing: what closing the membership would do now (for the confirm dialog). */
export function getClosingPreview() {
  return api.call('GET /api/profile/closing');
}

export function useClosingPreview(enabled: boolean) {
  return useQuery({ queryKey: ['profile', 'closing'], queryFn: getClosingPreview, enabled, staleTime: 0 });
}
