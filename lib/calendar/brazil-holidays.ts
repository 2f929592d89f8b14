// Brazil's national holidays (Lei 662/1949, 6.802/1980, 14.759/2023) plus the Easter-based dates
// commonly observed nationally (Carnival Monday/Tuesday, Good Friday, Corpus Christi).

export type Holiday = { date: string; name: string };

/** Gregorian Easter Sunday (Meeus/Jones/Butcher), as a UTC date. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

export function brazilNationalHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed: Array<[string, string]> = [
    ["01-01", "Confraternização Universal"],
    ["04-21", "Tiradentes"],
    ["05-01", "Dia do Trabalho"],
    ["09-07", "Independência do Brasil"],
    ["10-12", "Nossa Senhora Aparecida"],
    ["11-02", "Finados"],
    ["11-15", "Proclamação da República"],
    ["12-25", "Natal"],
  ];
  if (year >= 2024) fixed.push(["11-20", "Dia Nacional de Zumbi e da Consciência Negra"]);
  const holidays: Holiday[] = [
    ...fixed.map(([monthDay, name]) => ({ date: `${year}-${monthDay}`, name })),
    { date: iso(plusDays(easter, -48)), name: "Carnaval (segunda-feira)" },
    { date: iso(plusDays(easter, -47)), name: "Carnaval (terça-feira)" },
    { date: iso(plusDays(easter, -2)), name: "Sexta-feira Santa" },
    { date: iso(plusDays(easter, 60)), name: "Corpus Christi" },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}
