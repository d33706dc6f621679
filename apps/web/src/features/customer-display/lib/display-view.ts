import {
  DisplayChannelMessageSchema,
  DisplayStateSchema,
  type DisplayChannelMessage,
  type DisplayState,
  type DisplayStore,
} from '@shopdesk/shared';

/**
 * What a display shows, whichever way its states arrive: the store (idle screen, locale, currency),
 * the newest state, whether the source is live, and whether the pairing is gone.
 */
export interface DisplayView {
  store: DisplayStore | null;
  state: DisplayState | null;
  /** `connecting`: nothing heard yet; `waiting`: the source went quiet or failed (a banner says so). */
  connection: 'connecting' | 'live' | 'waiting';
  /** Revoked or unknown token: the display stops and says what to do. */
  unpaired: boolean;
}

export type DisplayAction =
  /** The snapshot (first load, and again on each reconnection to catch up). */
  | { type: 'snapshot'; store: DisplayStore; state: DisplayState | null }
  /** A state from the stream or the channel (already validated: see readState). */
  | { type: 'state'; state: DisplayState | null; store?: DisplayStore }
  | { type: 'live' }
  | { type: 'waiting' }
  | { type: 'unpaired' };

export const initialView: DisplayView = { store: null, state: null, connection: 'connecting', unpaired: false };

/** The newer of two states: a state whose seq is not above the shown one is late (or a repeat). */
function newer(current: DisplayState | null, next: DisplayState | null): DisplayState | null {
  if (!next) return current;
  return current && next.seq <= current.seq ? current : next;
}

export function displayReducer(view: DisplayView, action: DisplayAction): DisplayView {
  if (view.unpaired) return view; // nothing revives a revoked pairing but a new one (a new page)
  switch (action.type) {
    case 'snapshot':
      return { ...view, store: action.store, state: newer(view.state, action.state) };
    case 'state': {
      const state = newer(view.state, action.state);
      const store = action.store ?? view.store;
      // Hearing from the source is being live, even when the state itself was a late one.
      if (state === view.state && store === view.store && view.connection === 'live') return view;
      return { ...view, state, store, connection: 'live' };
    }
    case 'live':
      return view.connection === 'live' ? view : { ...view, connection: 'live' };
    case 'waiting':
      return view.connection === 'waiting' ? view : { ...view, connection: 'waiting' };
    case 'unpaired':
      return { ...view, unpaired: true };
  }
}

/** A state as sent (JSON text or a value): the parsed state, or undefined when it does not match the contract. */
export function readState(raw: unknown): DisplayState | null | undefined {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (value === null) return null;
  const parsed = DisplayStateSchema.safeParse(value);
  if (!parsed.success) console.warn('Display: a state that does not match the contract was dropped');
  return parsed.success ? parsed.data : undefined;
}

/** A BroadcastChannel message, or null when it is not one of the contract's. */
export function readChannelMessage(raw: unknown): DisplayChannelMessage | null {
  const parsed = DisplayChannelMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Reconnection delays: 1 s, 2 s, 4 s … up to 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
