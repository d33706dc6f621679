import { describe, expect, it } from 'vitest';
import { backoffMs, displayReducer, initialView, readChannelMessage, readState } from './display-view.ts';
import { saleState, testStore } from './display-test-states.test-support.ts';

describe('the display view', () => {
  it('shows a newer state and ignores one whose seq is not newer', () => {
    let view = displayReducer(initialView, { type: 'state', state: saleState({ seq: 5 }), store: testStore });
    expect(view.state?.seq).toBe(5);
    expect(view.connection).toBe('live');
    view = displayReducer(view, { type: 'state', state: saleState({ seq: 4, phase: 'idle' }) });
    expect(view.state).toMatchObject({ seq: 5, phase: 'sale' });
    view = displayReducer(view, { type: 'state', state: saleState({ seq: 5, phase: 'paid' }) });
    expect(view.state?.phase).toBe('sale');
    view = displayReducer(view, { type: 'state', state: saleState({ seq: 6, phase: 'payment' }) });
    expect(view.state).toMatchObject({ seq: 6, phase: 'payment' });
  });

  it('follows the phases the counter sends: idle, sale, payment, paid, idle', () => {
    let view = displayReducer(initialView, { type: 'snapshot', store: testStore, state: null });
    expect(view.state).toBeNull();
    (['idle', 'sale', 'payment', 'paid', 'idle'] as const).forEach((phase, i) => {
      view = displayReducer(view, { type: 'state', state: saleState({ seq: 10 + i, phase }) });
      expect(view.state?.phase).toBe(phase);
    });
  });

  it('catches up from a snapshot without going back to an older state', () => {
    let view = displayReducer(initialView, { type: 'state', state: saleState({ seq: 8 }), store: testStore });
    view = displayReducer(view, { type: 'waiting' });
    expect(view.connection).toBe('waiting');
    view = displayReducer(view, { type: 'snapshot', store: testStore, state: saleState({ seq: 7, phase: 'idle' }) });
    expect(view.state?.seq).toBe(8);
    view = displayReducer(view, { type: 'snapshot', store: testStore, state: saleState({ seq: 9, phase: 'paid' }) });
    expect(view.state).toMatchObject({ seq: 9, phase: 'paid' });
    view = displayReducer(view, { type: 'snapshot', store: testStore, state: null });
    expect(view.state?.seq).toBe(9);
    expect(displayReducer(view, { type: 'live' }).connection).toBe('live');
  });

  it('stays unpaired once revoked, whatever arrives after', () => {
    let view = displayReducer(initialView, { type: 'unpaired' });
    view = displayReducer(view, { type: 'state', state: saleState({ seq: 99 }), store: testStore });
    expect(view).toMatchObject({ unpaired: true, state: null });
  });

  it('backs off when reconnecting: 1 s, doubling, at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it('drops states and channel messages that do not match the contract (a cost, a stray field)', () => {
    expect(readState(JSON.stringify(saleState()))?.seq).toBe(1);
    expect(readState('null')).toBeNull();
    expect(readState('{not json')).toBeUndefined();
    expect(readState({ ...saleState(), cost: 100 })).toBeUndefined();
    const line = { ...saleState().lines[0], cost: 10 };
    expect(readState({ ...saleState(), lines: [line] })).toBeUndefined();
    expect(readChannelMessage({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(readChannelMessage({ type: 'state', store: testStore, state: saleState() })?.type).toBe('state');
    expect(readChannelMessage({ type: 'state', store: { ...testStore, owner: 'x' }, state: saleState() })).toBeNull();
  });
});
