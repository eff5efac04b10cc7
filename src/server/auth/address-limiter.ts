import { AppError } from '../../domain/errors';
import type { HitCounter } from '../http/hit-counter';

/**
 * Counts e-mails sent per address in fixed windows, whether or not the address has an
 * account, so the limit itself cannot reveal who is a member. Counted through the club's
 * HitCounter: in the database on PostgreSQL, so every app process shares one count; in
 * memory on the embedded database (one process), where a restart forgetting it is harmless.
 */
export function createAddressLimiter(
  counter: HitCounter,
  max: number,
  windowMs: number,
  message = 'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
) {
  return {
    async check(key: string): Promise<void> {
      const { count } = await counter.hit(`mail|${key}`, windowMs);
      if (count > max) {
        throw new AppError('RATE_LIMITED', message);
      }
    },
  };
}
export type AddressLimiter = ReturnType<typeof createAddressLimiter>;
