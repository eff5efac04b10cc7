import { useMutation } from '@tanstack/react-query';
import type { ContactVisitorBody } from '../../../../domain/contact';
import { api } from '../../../lib/api-client';

/** POST /api/contact: a visitor's message to the club team (name, e-mail, message). */
export function sendContactMessage(body: ContactVisitorBody) {
  return api.call('POST /api/contact', { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
