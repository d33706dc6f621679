import { useEffect, useReducer } from 'react';
import { loadTally, saveTally, tallyReducer } from './tally.ts';

/** The stock-take tally of a store, saved on every change so a reload or a crash loses no count. */
export function useTally(store: string) {
  const [tally, dispatch] = useReducer(tallyReducer, store, loadTally);
  useEffect(() => saveTally(store, tally), [store, tally]);
  return [tally, dispatch] as const;
}
