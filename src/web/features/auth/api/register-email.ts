import { useMutation } from '@tanstack/react-query';
import type { RegisterEmailBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/register-email: e-mails a link to /verify-email (docs/product/accounts.md#joining). */
export function registerEmail(body: RegisterEmailBody) {
  return api.call('POST /api/auth/register-email', { body });
}

export function useRegisterEmail() {
  return useMutation({ mutationFn: registerEmail });
}
