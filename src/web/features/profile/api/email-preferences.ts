import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesPatch } from '../../../../domain/email-preferences';
import { api } from '../../../lib/api-client';

const key = ['profile', 'email-preferences'] as const;

/** GET /api/notification-preferences: how often each kind of e-mail comes. */
export function useEmailPreferences() {
  return useQuery({ queryKey: key, queryFn: () => api.get<NotificationPreferences>('/api/notification-preferences') });
}

/** PATCH /api/notification-preferences: saves one choice; the answer is the whole set. */
export function useSaveEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) =>
      api.patch<NotificationPreferences>('/api/notification-preferences', patch),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
