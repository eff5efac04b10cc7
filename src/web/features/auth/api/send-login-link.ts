import { useMutation } from '@tanstack/react-query';
import type { LoginLinkBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/login-link: e-mails a one-time link to /login-link (docs/product/accounts.md#login-links). The original
 * client only pretended (a 1.5 s wait); this sends it for real.
 */
export function sendLoginLink(body: LoginLinkBody) {
  return api.call('POST /api/auth/login-link', { body });
}

export function useSendLoginLink() {
  return useMutation({ mutationFn: sendLoginLink });
}
