// Date.prototype.toISOString costs about 0.6 µs in V8, and an answer of 100 forum replies
// writes 200 of them (a tenth of the app's CPU for that answer, docs/performance.md "The
// forum"). The same text built from the UTC fields costs a fraction of that: 200 times took
// 0.17-0.28 ms against 0.35-0.78 ms (`npx tsx scripts/bench/iso-time.ts`; docs/performance.md,
// 'Speed machinery: what each piece buys').

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

const DAY_MS = 86_400_000;
// 1000-01-01 and 10000-01-01 in ms since 1970: the years whose text is four plain digits.
const FIRST_MS = -30_610_224_000_000;
const PAST_LAST_MS = 253_402_300_800_000;

/**
 * Exactly `new Date(value).toISOString()` ('2026-11-24T03:50:00.123Z'), faster for a Date of
 * the years 1000 to 9999 (the civil date from the day number, Howard Hinnant's algorithm);
 * any other value goes to toISOString itself (which throws for an invalid date, as before).
 */
export function isoTime(value: Date | string): string {
  if (typeof value === 'string') return new Date(value).toISOString();
  const time = value.getTime();
  if (!(time >= FIRST_MS && time < PAST_LAST_MS)) return value.toISOString();
  const days = Math.floor(time / DAY_MS);
  let rest = time - days * DAY_MS;
  const ms = rest % 1000;
  rest = (rest - ms) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(ms)}Z`;
}
