import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { DEFAULT_COUNTRY } from './profile';

// The country list (docs/product/members.md#profile-and-address): United Kingdom and United States first, then every
// other country alphabetically. The names come from i18n-iso-countries (ISO 3166-1 in
// English), not a hand-typed list. The profile page draws it; the server accepts only these.
// Import it only where it is needed (the profile page, the profile call): it carries every name.
countries.registerLocale(en);

export const UNITED_STATES = 'United States';
export const PINNED_COUNTRIES = [DEFAULT_COUNTRY, UNITED_STATES];
const PINNED_CODES = new Set(['GB', 'US']);

export const OTHER_COUNTRIES = Object.entries(countries.getNames('en', { select: 'official' }))
  .filter(([code]) => !PINNED_CODES.has(code))
  .map(([, name]) => name)
  .sort((a, b) => a.localeCompare(b, 'en-GB'));

const KNOWN = new Set([...PINNED_COUNTRIES, ...OTHER_COUNTRIES]);

export function isKnownCountry(name: string): boolean {
  return KNOWN.has(name);
}
