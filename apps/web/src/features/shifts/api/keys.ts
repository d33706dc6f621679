/** Query keys of the shifts feature, per store (the X-Store of every call). */
export const shiftKeys = {
  all: (store: string) => ['shifts', store] as const,
  current: (store: string) => ['shifts', store, 'current'] as const,
  one: (store: string, id: string) => ['shifts', store, 'one', id] as const,
  zReports: (store: string, page: number) => ['shifts', store, 'z-reports', page] as const,
};
