import { useEffect, useState } from 'react';

/** How long the counter holds scans back for the label rules at most, after it opened. */
export const RULES_PATIENCE_MS = 2_000;

/**
 * Whether scans should wait for the label rules being read: only while their first read is on its
 * way (not when it is paused offline, nor once a copy is cached), and for at most RULES_PATIENCE_MS
 * after the counter opened, so a slow network never holds a plain barcode back for long.
 */
export function useRulesReading(fetchingFirst: boolean): boolean {
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), RULES_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  return patient && fetchingFirst;
}
