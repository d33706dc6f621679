import { describe, expect, it } from 'vitest';
import { emptyTally, loadTally, saveTally, tallyReducer, tallyStorageKey, type TallyAction } from './tally.ts';

const run = (...actions: TallyAction[]) => actions.reduce(tallyReducer, emptyTally());

describe('stock-take tally', () => {
  it('counts one per scan, newest product first', () => {
    const t = run(
      { type: 'scan', code: 'A' },
      { type: 'scan', code: 'B' },
      { type: 'scan', code: 'A' },
      { type: 'scan', code: 'A' },
    );
    expect(t.entries).toEqual([
      { code: 'A', counted: 3 },
      { code: 'B', counted: 1 },
    ]);
    expect(t.last).toBe('A');
  });

  it('adds a label’s amount (thousandths of a weighed product, or a count) to the row', () => {
    const t = run(
      { type: 'scan', code: 'K', amount: 342, measured: true },
      { type: 'scan', code: 'A', amount: 6 },
      { type: 'scan', code: 'K', amount: 1005 },
      { type: 'scan', code: 'A' },
    );
    expect(t.entries).toEqual([
      { code: 'A', counted: 7 },
      { code: 'K', counted: 1347, measured: true },
    ]);
    expect(t.last).toBe('A');
    // Nothing, or a broken amount, counts nothing.
    for (const amount of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(tallyReducer(t, { type: 'scan', code: 'K', amount })).toBe(t);
    }
    // A weighed row keeps its thousandths through a reload.
    saveTally('shop-kg', t);
    expect(loadTally('shop-kg').entries).toEqual(t.entries);
  });

  it('edits, removes and clears', () => {
    let t = run({ type: 'scan', code: 'A' }, { type: 'scan', code: 'B' }, { type: 'set', code: 'A', counted: 12 });
    expect(t.entries.find((e) => e.code === 'A')!.counted).toBe(12);
    t = tallyReducer(t, { type: 'set', code: 'A', counted: -4 });
    expect(t.entries.find((e) => e.code === 'A')!.counted).toBe(0);
    t = tallyReducer(t, { type: 'remove', code: 'B' });
    expect(t.entries.map((e) => e.code)).toEqual(['A']);
    expect(tallyReducer(t, { type: 'clear' }).entries).toEqual([]);
  });

  it('after saving keeps only the entries the server did not take', () => {
    const t = run({ type: 'scan', code: 'A' }, { type: 'scan', code: 'B' }, { type: 'saved', codes: ['A'] });
    expect(t.entries).toEqual([{ code: 'B', counted: 1 }]);
  });

  it('survives a reload through storage, per store, and ignores garbage', () => {
    const t = run({ type: 'scan', code: 'A' }, { type: 'scan', code: 'A' });
    saveTally('shop-1', t);
    expect(loadTally('shop-1').entries).toEqual([{ code: 'A', counted: 2 }]);
    expect(loadTally('shop-2').entries).toEqual([]);
    localStorage.setItem(tallyStorageKey('shop-3'), '{"entries":[{"code":1},{"code":"B","counted":2}]}');
    expect(loadTally('shop-3').entries).toEqual([{ code: 'B', counted: 2 }]);
    localStorage.setItem(tallyStorageKey('shop-4'), 'not json');
    expect(loadTally('shop-4')).toEqual(emptyTally());
    saveTally('shop-1', emptyTally());
    expect(localStorage.getItem(tallyStorageKey('shop-1'))).toBeNull();
  });
});
