import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { DEFAULT_COUNTRY } from '../../../../domain/profile';

// The country list (spec section 2): United Kingdom and United States first, a separator, then
// every other country alphabetically. The names come from i18n-iso-countries (ISO 3166-1 in
// English), not a hand-typed list; this module is only loaded with the profile page.
countries.registerLocale(en);

export const UNITED_STATES = 'United States';
const PINNED = [DEFAULT_COUNTRY, UNITED_STATES];
const PINNED_CODES = new Set(['GB', 'US']);

const OTHER_COUNTRIES = Object.entries(countries.getNames('en', { select: 'official' }))
  .filter(([code]) => !PINNED_CODES.has(code))
  .map(([, name]) => name)
  .sort((a, b) => a.localeCompare(b, 'en-GB'));

/**
 * The <option>s of the country select. A country stored before this list (or spelt another
 * way) is kept as the first choice, so opening the form never changes it silently.
 */
export function CountryOptions({ current }: { current: string }) {
  const known = PINNED.includes(current) || OTHER_COUNTRIES.includes(current);
  return (
    <>
      {!known && current && <option value={current}>{current}</option>}
      {PINNED.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      <option disabled value="">
        ──────────
      </option>
      {OTHER_COUNTRIES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
