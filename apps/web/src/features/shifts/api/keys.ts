import { currentShiftKey } from '../../../lib/current-shift.ts';

/** Query keys of the shifts feature, per store (the X-Store of every call). */
export const shiftKeys = {
  all: (store: string) => ['shifts', store] as const,
  current: currentShiftKey,
  one: (store: string, id: string) => ['shifts', store, 'one', id] as const,
  zReports: (store: string, page: number) => ['shifts', store, 'z-reports', page] as const,
};
