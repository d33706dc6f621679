/** The first day of a period of `days` days ending `today` (YYYY-MM-DD, both days included). */
export function periodStart(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1, d - (days - 1)));
  return start.toISOString().slice(0, 10);
}
