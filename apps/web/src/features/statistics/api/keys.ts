/** Query keys of the statistics feature; the store is part of each key. */
export const statisticsKeys = {
  all: (store: string) => ['statistics', store] as const,
  summary: (store: string, from: string, to: string) => ['statistics', store, 'summary', from, to] as const,
  periods: (store: string, from: string, to: string, group: string) =>
    ['statistics', store, 'periods', from, to, group] as const,
  staff: (store: string, from: string, to: string) => ['statistics', store, 'staff', from, to] as const,
  exceptions: (store: string, from: string, to: string) => ['statistics', store, 'exceptions', from, to] as const,
  customers: (store: string, from: string, to: string) => ['statistics', store, 'customers', from, to] as const,
  storedValue: (store: string, from: string, to: string) => ['statistics', store, 'stored-value', from, to] as const,
};
