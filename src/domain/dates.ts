// How the club writes a date, everywhere (pages, e-mails, the API's own sentences): '3 Dec
// 2026', read on London's calendar because the club is in the UK (issue 14: one vocabulary,
// one date format). Every date on screen goes through these.

type DateInput = Date | string | number;

const LONDON = 'Europe/London';
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LONDON });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: LONDON });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: LONDON });

// en-GB writes September as 'Sept'; the club writes every month in three letters.
const tidy = (text: string) => text.replace('Sept', 'Sep');

/** '3 Dec 2026'. */
export function formatClubDate(value: DateInput): string {
  return tidy(dayMonthYear.format(new Date(value)));
}

/** '3 Dec' (the year is understood: a recent day). */
export function formatClubDay(value: DateInput): string {
  return tidy(dayMonth.format(new Date(value)));
}

/** '3 Dec 2026 at 14:30'. */
export function formatClubDateTime(value: DateInput): string {
  return `${formatClubDate(value)} at ${time.format(new Date(value))}`;
}

/** '14:30'. */
export function formatClubTime(value: DateInput): string {
  return time.format(new Date(value));
}

/** '3 Dec' within the current year, '3 Dec 2025' otherwise. */
export function formatClubDayOrDate(value: DateInput, now: DateInput = new Date()): string {
  const sameYear = formatClubDate(value).slice(-4) === formatClubDate(now).slice(-4);
  return sameYear ? formatClubDay(value) : formatClubDate(value);
}
