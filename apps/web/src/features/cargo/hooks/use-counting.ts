import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CargoContent, CargoContentWindow } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { useSession } from '../../../lib/session-store.ts';
import { cargoKeys } from '../api/keys.ts';
import { TapBatcher } from '../offline/tap-batcher.ts';
import {
  getSnapshot,
  onOutcome,
  queueDifference,
  startDifferenceSync,
  subscribe,
} from '../offline/difference-queue.ts';

/**
 * saved: the server has every change. pending: taps are gathering (autosave sends them in a
 * moment). unsaved: changes wait for the Save button (autosave off). saving: being sent.
 * offline: kept on this device, sent when the connection is back.
 */
export type SaveState = 'saved' | 'pending' | 'unsaved' | 'saving' | 'offline';

/** Which number is counted: the quantity of a cargo being made, or the received count of one handed over. */
export type CountField = 'quantity' | 'receivedQuantity';

const baseOf = (c: CargoContent, field: CountField) => (field === 'quantity' ? c.quantity : (c.receivedQuantity ?? 0));

/** Puts the server's new count of a line into every cached view of the cargo's contents. */
function applyCount(
  qc: QueryClient,
  store: string,
  cargoCode: string,
  contentId: string,
  field: CountField,
  count: number,
) {
  const patch = (c: CargoContent) => (c.contentId === contentId ? { ...c, [field]: count } : c);
  qc.setQueryData<CargoContent[]>(cargoKeys.contents(store, cargoCode), (old) => old?.map(patch));
  qc.setQueriesData<CargoContentWindow>({ queryKey: [...cargoKeys.one(store, cargoCode), 'content-window'] }, (old) =>
    old ? { ...old, items: old.items.map(patch) } : old,
  );
}

/**
 * Counting a cargo's lines with +/- and typing. Taps gather in a TapBatcher; each batch becomes one
 * difference written to the device's queue and sent (at once when the session's cargoAutoSave is
 * on, else on Save). A line shows the server's count plus what is still waiting, so the number
 * on screen never jumps back while a change is on its way or the shop is offline.
 */
export function useCounting(store: string, cargoCode: string, field: CountField) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const online = useOnline();
  const autoSave = useSession((s) => s.cargoAutoSave);
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);
  const queue = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  /** The lines as last seen on screen, to name them and to know their count when a batch leaves. */
  const lines = useRef(new Map<string, CargoContent>());

  const waiting = useMemo(
    () => queue.filter((e) => e.cargoCode === cargoCode && e.store === store),
    [queue, cargoCode, store],
  );
  const waitingOf = useCallback(
    (contentId: string) => waiting.reduce((n, e) => (e.contentId === contentId ? n + e.difference : n), 0),
    [waiting],
  );
  const waitingRef = useRef(waitingOf);
  useEffect(() => {
    waitingRef.current = waitingOf;
  }, [waitingOf]);

  const batcher = useMemo(
    () =>
      new TapBatcher<string>({
        auto: useSession.getState().cargoAutoSave,
        onChange: rerender,
        onFlush: (contentId, difference) => {
          const line = lines.current.get(contentId);
          if (!line) return;
          const updatedQuantity = baseOf(line, field) + waitingRef.current(contentId) + difference;
          void queueDifference({
            store,
            cargoCode,
            contentId,
            code: line.code,
            name: line.name,
            difference,
            updatedQuantity,
          }).catch((e: unknown) => {
            console.error('Could not keep a cargo count on this device', e);
            notifications.show({ color: 'red', message: t('cargo.count.notKept', { name: line.name }) });
          });
        },
      }),
    [cargoCode, field, rerender, store, t],
  );
  useEffect(() => batcher.setAuto(autoSave), [autoSave, batcher]);

  // Leaving the screen or hiding the app keeps the taps: they go to the queue at once.
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState === 'hidden' && useSession.getState().cargoAutoSave) batcher.flushAll();
    };
    document.addEventListener('visibilitychange', hide);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      if (useSession.getState().cargoAutoSave) batcher.flushAll();
      batcher.dispose();
    };
  }, [batcher]);

  useEffect(() => startDifferenceSync(), []);
  useEffect(
    () =>
      onOutcome((o) => {
        if (o.entry.cargoCode !== cargoCode || o.entry.store !== store) return;
        if (o.kind === 'synced') {
          if (o.result) applyCount(qc, store, cargoCode, o.entry.contentId, field, o.result.quantity);
          if (o.result?.conflict)
            notifications.show({
              color: 'blue',
              message: t('cargo.count.conflict', { name: o.entry.name, count: o.result.quantity }),
            });
        } else {
          notifications.show({
            color: 'red',
            title: t('cargo.count.refused', { name: o.entry.name }),
            message: describeError(t, o.error),
          });
          void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargoCode) });
        }
      }),
    [cargoCode, field, qc, store, t],
  );

  // Once everything is in, the cargo's totals are read again.
  const hadWaiting = useRef(false);
  useEffect(() => {
    if (waiting.length > 0) hadWaiting.current = true;
    else if (hadWaiting.current) {
      hadWaiting.current = false;
      void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargoCode), exact: true });
      void qc.invalidateQueries({ queryKey: cargoKeys.window(store, {}).slice(0, 3) });
    }
  }, [waiting.length, qc, store, cargoCode]);

  const countOf = useCallback(
    (line: CargoContent) => {
      lines.current.set(line.contentId, line);
      return baseOf(line, field) + waitingOf(line.contentId) + batcher.pendingOf(line.contentId);
    },
    [batcher, field, waitingOf],
  );

  /** +1 / -1 (or any step); never below zero. */
  const tap = useCallback(
    (line: CargoContent, delta: number) => {
      const now = countOf(line);
      const step = Math.max(-now, delta);
      if (step !== 0) batcher.add(line.contentId, step);
    },
    [batcher, countOf],
  );

  /** A typed count: the difference to what is shown now. */
  const setCount = useCallback(
    (line: CargoContent, value: number) => {
      if (!Number.isInteger(value) || value < 0) return;
      const step = value - countOf(line);
      if (step !== 0) batcher.add(line.contentId, step);
    },
    [batcher, countOf],
  );

  const state: SaveState = batcher.hasPending
    ? autoSave
      ? 'pending'
      : 'unsaved'
    : waiting.length > 0
      ? online
        ? 'saving'
        : 'offline'
      : 'saved';

  return {
    countOf,
    tap,
    setCount,
    state,
    waitingCount: waiting.length,
    autoSave,
    /** The Save button (autosave off), or before leaving. */
    saveNow: () => batcher.flushAll(),
    /** A line is gone: its taps go nowhere. */
    forget: (contentId: string) => batcher.discard(contentId),
  };
}
