import { useTill } from './till-state.ts';

type BeforeLock = () => Promise<void> | void;

let beforeLock: BeforeLock | null = null;

/**
 * What runs before the till locks, whatever locks it (the Lock button, the idle minutes, a screen
 * a till does not open): the counter holds the member's cart under their name. One at a time (the
 * counter on screen); answers its removal.
 */
export function setBeforeLock(run: BeforeLock): () => void {
  beforeLock = run;
  return () => {
    if (beforeLock === run) beforeLock = null;
  };
}

/** Locks the till after what must run first; locked even when that fails (offline, refused). */
export async function lockTill(): Promise<void> {
  if (!useTill.getState().member) return;
  try {
    await beforeLock?.();
  } catch (e) {
    console.warn('Could not finish before the till locked', e);
  } finally {
    useTill.getState().lock();
  }
}
