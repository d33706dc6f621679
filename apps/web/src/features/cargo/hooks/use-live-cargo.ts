import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cargoChangesQuery } from '../api/get-changes.ts';
import { cargoKeys } from '../api/keys.ts';
import { useWaitingCounts } from './use-waiting-counts.ts';

/** How often a counting screen asks whether the cargo changed: "within a couple of seconds". */
export const LIVE_POLL_MS = 2_000;

/**
 * Keeps a cargo being counted on several devices up to date on this one: while the screen is open
 * and visible it polls the cargo's changes cursor (one cheap read) and, when it moved, reads the
 * cargo and its lines again. What this device counted and has not saved yet is never lost: a line
 * shows the server's count plus the taps and queued counts still on the device (useCounting), and
 * the lines are not re-read while this device's own counts are on their way, so a count is never
 * shown twice (on the server and still queued).
 */
export function useLiveCargo(store: string, code: string) {
  const qc = useQueryClient();
  const waiting = useWaitingCounts(store, code);
  const changes = useQuery({
    ...cargoChangesQuery(store, code),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const seen = useRef<string | null>(null);
  const cursor = changes.data?.cursor;
  useEffect(() => {
    if (cursor === undefined || cursor === seen.current) return;
    if (seen.current === null) {
      seen.current = cursor;
      return;
    }
    if (waiting > 0) return;
    seen.current = cursor;
    void qc.invalidateQueries({ queryKey: cargoKeys.one(store, code) });
    void qc.invalidateQueries({ queryKey: cargoKeys.window(store, {}).slice(0, 3) });
  }, [cursor, waiting, qc, store, code]);
}
