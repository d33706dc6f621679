import { setImmediate as nextTurn } from 'node:timers/promises';

/** Tracks whether a promise has settled, without awaiting it. */
export function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/**
 * Turns the event loop until `condition` holds; `turns` bounds the wait (more for work in another
 * thread, whose answer takes many turns to arrive).
 */
export async function until(condition: () => boolean, turns = 1000) {
  for (let turn = 0; !condition(); turn++) {
    if (turn > turns) throw new Error('condition never met');
    await nextTurn();
  }
}
