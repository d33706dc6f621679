import type { StatisticGroup } from '@shopdesk/shared';

/**
 * Report periods in the store's calendar. Dates are YYYY-MM-DD text of the store's time zone and
 * all arithmetic is on UTC midnights, so the device's own time zone and summer time never shift a day.
 */

export const PRESETS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'thisYear'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);
export const daysIn = (p: Period) => toDay(p.to) - toDay(p.from) + 1;

/** Today's date where the store is (one rule, shared with the gift cards' screens). */
export { storeToday } from '../../../lib/store-today.ts';

function lastOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fromDay(Date.UTC(y, m, 1) / DAY_MS - 1);
}

/** The dates a preset covers, seen from the store's `today`; weeks start on Monday (ISO 8601). */
export function presetPeriod(preset: Preset, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'thisWeek': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const last = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Hours are offered for up to a week, days for up to three months; months always. */
export function groupsFor(p: Period): StatisticGroup[] {
  const days = daysIn(p);
  return [...(days <= 7 ? (['hour'] as const) : []), ...(days <= 92 ? (['day'] as const) : []), 'month'];
}

/** The finest grouping that still draws a readable chart. */
export function defaultGroup(p: Period): StatisticGroup {
  return groupsFor(p)[0]!;
}

/** Every period of the range in order (`YYYY-MM-DDTHH`, `YYYY-MM-DD` or `YYYY-MM`), so a chart shows the quiet ones as zero. */
export function periodKeys(p: Period, group: StatisticGroup): string[] {
  const keys: string[] = [];
  if (group === 'month') {
    for (let month = p.from.slice(0, 7); month <= p.to.slice(0, 7);) {
      keys.push(month);
      month = addDays(lastOfMonth(month), 1).slice(0, 7);
    }
    return keys;
  }
  for (let date = p.from; date <= p.to; date = addDays(date, 1)) {
    if (group === 'day') keys.push(date);
    else for (let h = 0; h < 24; h++) keys.push(`${date}T${String(h).padStart(2, '0')}`);
  }
  return keys;
}
