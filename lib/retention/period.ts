// A retention period on the calendar: years, months and days. Legal periods are written in years ("5 anos após o
// encerramento"), and a year of 365 days would fall a day short across a leap year, so the cutoff is reckoned on the
// calendar: years and months first (a month-end that does not exist in the target month becomes that month's last
// day, as PostgreSQL's interval arithmetic does), then the days. Written here because no date library is a
// dependency and the arithmetic is a few lines. No server-only imports (the settings form shows the period too).

export type RetentionPeriod = { years: number; months: number; days: number };

const DAY_MS = 86_400_000;

/** The moment a document's clock must have started by for the rule to take it at `now`: now minus the period. */
export function cutoffOf(period: RetentionPeriod, now = new Date()): Date {
  const totalMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() - (period.years * 12 + period.months);
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(now.getUTCDate(), lastDay),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
    now.getUTCMilliseconds(),
  );
  return new Date(shifted - period.days * DAY_MS);
}
