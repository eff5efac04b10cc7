import { isKnownCountry, OTHER_COUNTRIES, PINNED_COUNTRIES as PINNED } from '../../../../domain/countries';

/**
 * The <option>s of the country select. A country stored before this list (or spelt another
 * way) is kept as the first choice, so opening the form never changes it silently.
 */
export function CountryOptions({ current }: { current: string }) {
  const known = isKnownCountry(current);
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
