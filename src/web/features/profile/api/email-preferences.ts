import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '../../../lib/api-client';

const key = ['profile', 'email-preferences'] as const;

/** GET /api/notification-preferences: how often each kind of e-mail comes. */
export function useEmailPreferences() {
  return useQuery({ queryKey: key, queryFn: () => api.call('GET /api/notification-preferences') });
}

/** PATCH /api/notification-preferences: saves one choice; the answer is the whole set. */
export function useSaveEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CallInput<'PATCH /api/notification-preferences'>['body']) =>
      api.call('PATCH /api/notification-preferences', { body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
