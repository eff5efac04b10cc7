// UK postcode -> addresses through a getAddress.io-style provider (README.md#configuration:
// ADDRESS_LOOKUP_URL / ADDRESS_LOOKUP_KEY). The provider is someone else's service: anything
// unexpected from it (an error status, a timeout, a body we cannot read) is "unavailable",
// and the profile page then offers 'Enter address manually' (docs/product/members.md#profile-and-address).

import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AddressSuggestion } from '../../domain/profile';
import { AppError } from '../../domain/errors';
import type { Config } from '../config';
import { fetchProviderJson, NOT_FOUND } from '../http/provider-fetch';

export const LOOKUP_UNAVAILABLE_MESSAGE = 'Address lookup is not available. Please enter your address manually.';
export const DEFAULT_LOOKUP_TIMEOUT_MS = 5000;

/**
 * The configured provider. `timeoutMs` is never set from the environment (production always
 * waits 5 s); tests pass a short one so a hanging provider costs them milliseconds.
 */
export type AddressLookupConfig = NonNullable<Config['addressLookup']> & { timeoutMs?: number };

export class AddressLookupUnavailable extends Error {
  constructor(reason: string) {
    super(`address lookup unavailable: ${reason}`);
    this.name = 'AddressLookupUnavailable';
  }
}

export { UK_POSTCODE, UK_POSTCODE_MESSAGE } from '../../domain/profile';

// getAddress.io's /find answer with expand=true. Lenient: missing or null parts become ''.
const part = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim());
const providerAnswerSchema = z.object({
  addresses: z.array(
    z.object({
      formatted_address: z.array(z.string().nullish()).nullish(),
      line_1: part,
      line_2: part,
      line_3: part,
      line_4: part,
      locality: part,
      town_or_city: part,
      county: part,
    }),
  ),
});
type ProviderAddress = z.output<typeof providerAnswerSchema>['addresses'][number];

function toSuggestion(a: ProviderAddress): AddressSuggestion {
  const formattedParts = (
    a.formatted_address ?? [a.line_1, a.line_2, a.line_3, a.line_4, a.locality, a.town_or_city, a.county]
  )
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '');
  return {
    formatted_address: formattedParts.join(', '),
    line_1: a.line_1,
    // The form has two address lines; getAddress.io's rarely used lines 3 and 4 (e.g. a
    // building inside an estate) go on line 2 rather than being lost.
    line_2: [a.line_2, a.line_3, a.line_4].filter((p) => p !== '').join(', '),
    locality: a.locality,
    town_or_city: a.town_or_city,
    county: a.county,
  };
}

/**
 * A lookup function for one provider. Resolves to the suggestions ([] when the provider does
 * not know the postcode); rejects with AddressLookupUnavailable for everything else. Neither
 * the error nor its message ever contains the API key.
 */
export function createAddressLookup(config: AddressLookupConfig) {
  const timeoutMs = config.timeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
  const base = config.url.replace(/\/+$/, '');

  return async function lookup(postcode: string): Promise<AddressSuggestion[]> {
    const url = `${base}/find/${encodeURIComponent(postcode)}?api-key=${encodeURIComponent(config.key)}&expand=true`;
    // 404: postcode not found; 400: the provider thinks it is not a postcode. Either way the
    // member simply gets no suggestions.
    const json = await fetchProviderJson(url, timeoutMs, (reason) => new AddressLookupUnavailable(reason));
    if (json === NOT_FOUND) return [];
    const parsed = providerAnswerSchema.safeParse(json);
    if (!parsed.success) throw new AddressLookupUnavailable('answer has an unexpected shape');
    return parsed.data.addresses.map(toSuggestion);
  };
}
export type AddressLookup = ReturnType<typeof createAddressLookup>;

/**
 * The suggestions for a member's postcode, or 503 when there is no provider or it fails
 * (the page then offers 'Enter address manually'). The log gets the reason only (status,
 * timeout...), never the request URL, which holds the key.
 */
export async function lookupAddresses(
  lookup: AddressLookup | undefined,
  postcode: string,
  log: FastifyBaseLogger,
): Promise<{ addresses: AddressSuggestion[] }> {
  if (!lookup) throw new AppError('SERVICE_UNAVAILABLE', LOOKUP_UNAVAILABLE_MESSAGE);
  try {
    return { addresses: await lookup(postcode) };
  } catch (err) {
    if (!(err instanceof AddressLookupUnavailable)) throw err;
    log.warn({ reason: err.message }, 'postcode lookup failed');
    throw new AppError('SERVICE_UNAVAILABLE', LOOKUP_UNAVAILABLE_MESSAGE);
  }
}
