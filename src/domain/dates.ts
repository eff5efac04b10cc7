// How the club writes a date, everywhere (pages, e-mails, the API's own sentences): '3 Dec
// 2026', read on London's calendar because the club is in the UK (issue 14: one vocabulary,
// one date format). Every date on screen goes through these.

type DateInput = Date | string | number;

/**
 * The club's clock: every date and time, on the server and in the browser, is read in this
 * zone, never the machine's or the browser's own (a member abroad, or a server kept on UTC,
 * still sees the club's days).
 */
export const CLUB_TIME_ZONE = 'Europe/London';
const LONDON = CLUB_TIME_ZONE;
/**
 * A London formatter made the first time it is used, not as this module loads: each costs a
 * couple of milliseconds on a slow phone, and pages that show no date (browse's cards) load
 * this module too.
 */
function londonFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: LONDON }));
}
const dayMonthYear = londonFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dayMonth = londonFormat({ day: 'numeric', month: 'short' });
const time = londonFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekday = londonFormat({ weekday: 'short' });
const monthYear = londonFormat({ month: 'long', year: 'numeric' });
const offsetName = londonFormat({ timeZoneName: 'longOffset' });

// en-GB writes September as 'Sept'; the club writes every month in three letters.
const tidy = (text: string) => text.replace('Sept', 'Sep');

/** '3 Dec 2026'. */
export function formatClubDate(value: DateInput): string {
  return tidy(dayMonthYear().format(new Date(value)));
}

/** '3 Dec' (the year is understood: a recent day). */
export function formatClubDay(value: DateInput): string {
  return tidy(dayMonth().format(new Date(value)));
}

/** '3 Dec 2026 at 14:30'. */
export function formatClubDateTime(value: DateInput): string {
  return `${formatClubDate(value)} at ${time().format(new Date(value))}`;
}

/** '14:30'. */
export function formatClubTime(value: DateInput): string {
  return time().format(new Date(value));
}

/** '3 Dec' within the current year, '3 Dec 2025' otherwise. */
export function formatClubDayOrDate(value: DateInput, now: DateInput = new Date()): string {
  const sameYear = formatClubDate(value).slice(-4) === formatClubDate(now).slice(-4);
  return sameYear ? formatClubDay(value) : formatClubDate(value);
}

/** 'Fri'. */
export function formatClubWeekday(value: DateInput): string {
  return weekday().format(new Date(value));
}

/** 'March 2024'. */
export function formatClubMonthYear(value: DateInput): string {
  return monthYear().format(new Date(value));
}

/** The club's offset from UTC at an instant, in minutes (60 in British Summer Time). */
function clubOffsetMinutes(at: Date): number {
  const name =
    offsetName()
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant a club day ('2026-03-29', as a date box gives it) begins at midnight on the
 * club's clock; `next` for the day after. Undefined for a text that is not a day.
 */
export function clubDayStart(day: string, next = false): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (next ? 1 : 0));
  if (Number.isNaN(utcMidnight)) return undefined;
  // Midnight on the club's clock is UTC midnight less the offset in force then; the offset
  // is read at the guess itself, so a day that starts a change of clocks is right too.
  const guess = new Date(utcMidnight - clubOffsetMinutes(new Date(utcMidnight)) * 60_000);
  return new Date(utcMidnight - clubOffsetMinutes(guess) * 60_000);
}

// ---------------------------------------------------------------------------------------
// The digests' clock (docs/product/email.md#digests): any zone, so CLUB_TIMEZONE can move it.

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      timeZoneName: 'longOffset',
    });
    zoneFormatters.set(zone, f);
  }
  return f;
}

function zoneParts(at: Date, zone: string) {
  const parts = Object.fromEntries(
    zoneFormatter(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.timeZoneName ?? '');
  const offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: weekdays.indexOf(parts.weekday ?? 'Sun'),
    offset,
  };
}

/** The instant the clocks of `zone` show `hour`:00 on that calendar day (days may overflow: 32 March is 1 April). */
export function zonedHour(year: number, month: number, day: number, hour: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  // The offset is read at a first guess, then at the answer, so a day the clocks change is right too.
  const guess = wall - zoneParts(new Date(wall), zone).offset * 60_000;
  return new Date(wall - zoneParts(new Date(guess), zone).offset * 60_000);
}

/**
 * The start of the digest period `now` is in: the latest `hour`:00 (daily) or Monday
 * `hour`:00 (weekly) on the zone's clocks at or before `now`.
 */
export function digestPeriodStart(now: Date, kind: 'daily' | 'weekly', zone: string, hour: number): Date {
  const { year, month, day, weekday } = zoneParts(now, zone);
  const back = kind === 'weekly' ? (weekday + 6) % 7 : 0;
  const start = zonedHour(year, month, day - back, hour, zone);
  if (start.getTime() <= now.getTime()) return start;
  return zonedHour(year, month, day - back - (kind === 'weekly' ? 7 : 1), hour, zone);
}
