import { AppError } from '../../domain/errors';

/**
 * Counts e-mails sent per address in a sliding window, whether or not the address has an
 * account, so the limit itself cannot reveal who is a member. Kept in memory: it protects
 * inboxes from floods, and a restart forgetting it is harmless.
 */
export function createAddressLimiter(
  max: number,
  windowMs: number,
  message = 'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
) {
  const hits = new Map<string, number[]>();
  return {
    check(key: string): void {
      const now = Date.now();
      const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= max) {
        throw new AppError('RATE_LIMITED', message);
      }
      recent.push(now);
      hits.set(key, recent);
      // Forget quiet addresses so the map cannot grow without end.
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((t) => now - t >= windowMs)) hits.delete(k);
    },
  };
}
export type AddressLimiter = ReturnType<typeof createAddressLimiter>;
