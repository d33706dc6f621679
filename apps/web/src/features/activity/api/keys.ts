/** Query keys of the activity (audit log) feature; the store is part of each key. */
export const activityKeys = {
  all: (store: string) => ['activity', store] as const,
  window: (store: string, page: number, filters: ActivityFilters) =>
    ['activity', store, 'window', page, filters] as const,
};

/** What the log is filtered by; empty strings are "any". */
export interface ActivityFilters {
  userId: string;
  action: string;
  from: string;
  to: string;
}
