/** IANA time zones this browser knows, with the browser's own zone first in line as the default. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let cached: string[] | null = null;

export function timezoneList(): string[] {
  if (cached) return cached;
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const set = new Set(zones);
  set.add('UTC');
  set.add(browserTimezone());
  cached = [...set].sort();
  return cached;
}
