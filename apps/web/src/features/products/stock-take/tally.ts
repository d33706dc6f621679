/**
 * The stock-take tally: how many of each product have been counted so far. Newest scan first, so
 * the row just counted is always in view. Kept as plain data so it survives a reload (localStorage).
 */
export interface TallyEntry {
  code: string;
  /** In the product's unit: pieces, or thousandths of a kilogram (litre, metre) for a measured one. */
  counted: number;
  /** Set once a weight label counted it: `counted` is thousandths, not pieces (the summary's items skip it). */
  measured?: boolean;
}

export interface Tally {
  entries: TallyEntry[];
  /** The code counted last, to highlight its row. */
  last: string | null;
}

export type TallyAction =
  /** One more piece, or `amount` (a scale label's thousandths or count, in the product's unit). */
  | { type: 'scan'; code: string; amount?: number; measured?: boolean }
  | { type: 'set'; code: string; counted: number }
  /** Puts a product in the count with this quantity (e.g. 0 for one not found on the shelf). */
  | { type: 'add'; code: string; counted: number }
  | { type: 'remove'; code: string }
  | { type: 'clear' }
  /** After saving: drop the entries the server took, keep the ones that failed. */
  | { type: 'saved'; codes: string[] };

export const emptyTally = (): Tally => ({ entries: [], last: null });

export function tallyReducer(state: Tally, action: TallyAction): Tally {
  switch (action.type) {
    case 'scan': {
      const existing = state.entries.find((e) => e.code === action.code);
      const amount = action.amount === undefined ? 1 : Math.floor(action.amount);
      if (!Number.isFinite(amount) || amount <= 0) return state;
      const counted = (existing?.counted ?? 0) + amount;
      const measured = action.measured || existing?.measured;
      return {
        entries: [
          { code: action.code, counted, ...(measured ? { measured } : {}) },
          ...state.entries.filter((e) => e.code !== action.code),
        ],
        last: action.code,
      };
    }
    case 'set': {
      const counted = Math.max(0, Math.floor(action.counted));
      if (!Number.isFinite(counted)) return state;
      return { ...state, entries: state.entries.map((e) => (e.code === action.code ? { ...e, counted } : e)) };
    }
    case 'add': {
      const counted = Math.max(0, Math.floor(action.counted));
      if (!Number.isFinite(counted)) return state;
      const rest = state.entries.filter((e) => e.code !== action.code);
      return { entries: [{ code: action.code, counted }, ...rest], last: action.code };
    }
    case 'remove':
      return {
        entries: state.entries.filter((e) => e.code !== action.code),
        last: state.last === action.code ? null : state.last,
      };
    case 'clear':
      return emptyTally();
    case 'saved': {
      const done = new Set(action.codes);
      return { entries: state.entries.filter((e) => !done.has(e.code)), last: null };
    }
  }
}

export const tallyStorageKey = (store: string) => `shopdesk-stocktake:${store}`;

/** Reads a saved tally, ignoring anything that is not one (an old format, a hand-edited value). */
export function loadTally(store: string, storage: Storage = localStorage): Tally {
  try {
    const raw = JSON.parse(storage.getItem(tallyStorageKey(store)) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object' || !Array.isArray((raw as Tally).entries)) return emptyTally();
    const entries = (raw as Tally).entries.filter(
      (e): e is TallyEntry => typeof e?.code === 'string' && Number.isInteger(e.counted) && e.counted >= 0,
    );
    return { entries, last: null };
  } catch {
    return emptyTally();
  }
}

export function saveTally(store: string, tally: Tally, storage: Storage = localStorage): void {
  if (tally.entries.length === 0) storage.removeItem(tallyStorageKey(store));
  else storage.setItem(tallyStorageKey(store), JSON.stringify({ entries: tally.entries }));
}
