import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error.ts';
import type { ImportResult, ImportRow } from '../api/import-products.ts';
import { planImport } from './plan-import.ts';
import { runImport, summaryAddsUp } from '../../../components/import/run-import.ts';

/**
 * A store as the server keeps it, applying rows the way the import endpoint does: a bad row is
 * rejected, a known code updates (or is unchanged), a new code is created while the plan has room
 * and counted as limited after. A batch is applied once per (importId, batch); its answer may be
 * lost (then sent again) or refused with 429 first.
 */
function fakeServer(known: string[], slots: number, faults: { lose: Set<number>; busy: Set<number> }) {
  const products = new Map(known.map((c) => [c, 'old']));
  const done = new Map<number, ImportResult>();
  let room = slots;
  const calls = new Map<number, number>();
  return async (_id: string, batch: number, rows: ImportRow[]): Promise<ImportResult> => {
    const call = (calls.get(batch) ?? 0) + 1;
    calls.set(batch, call);
    if (call === 1 && faults.busy.has(batch)) throw new ApiRequestError(429, 'Too Many Requests', {}, '1');
    let result = done.get(batch);
    if (!result) {
      result = {
        created: 0,
        updated: 0,
        unchanged: 0,
        limited: 0,
        rejected: 0,
        errors: [],
        limitReached: false,
        firstLimitedLine: null,
      };
      for (const row of rows) {
        if (row.price === 'bad') {
          result.rejected++;
          result.errors.push({ line: row.line, field: 'price', message: 'Must not be negative' });
        } else if (products.has(row.code)) {
          if (products.get(row.code) === row.name) result.unchanged++;
          else result.updated++;
          products.set(row.code, row.name);
        } else if (room > 0) {
          room--;
          products.set(row.code, row.name);
          result.created++;
        } else {
          result.limited++;
          result.limitReached = true;
          result.firstLimitedLine ??= row.line;
        }
      }
      done.set(batch, result);
    }
    if (faults.lose.has(batch) && call <= 2) throw new TypeError('answer lost');
    return result;
  };
}

const rowArb = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'),
  name: fc.constantFrom('old', 'new'),
  price: fc.constantFrom('1', '2', 'bad'),
});

describe('import summary arithmetic', () => {
  it('created + updated + unchanged + limited + rejected = rows read, whatever the file, plan and network', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { maxLength: 40 }),
        fc.subarray(['A', 'B', 'C', 'D']),
        fc.nat(6),
        fc.integer({ min: 1, max: 7 }),
        fc.uniqueArray(fc.nat(8)),
        fc.uniqueArray(fc.nat(8)),
        async (cells, known, slots, batchSize, lose, busy) => {
          const rows = cells.map((c, i) => ({ line: i + 2, ...c }));
          const send = fakeServer(known, slots, { lose: new Set(lose), busy: new Set(busy) });
          const summary = await runImport(rows, send, () => {}, {
            batchSize,
            retryDelayMs: 0,
            sleep: async () => {},
          });
          expect(summary.rowsRead).toBe(rows.length);
          expect(summaryAddsUp(summary)).toBe(true);
          expect(summary.rejected).toBe(rows.filter((r) => r.price === 'bad').length);
        },
      ),
    );
  });
});

describe('planImport', () => {
  const row = (line: number, code: string) => ({ line, code, name: code, price: '1' });

  it('says how many new products fit and which rows the limit will stop', async () => {
    const rows = [row(2, 'OLD'), row(3, 'N1'), row(4, 'N2'), row(5, 'N1'), row(6, 'N3'), row(7, 'N3'), row(8, '')];
    const plan = await planImport(rows, async (codes) => ({
      known: codes.filter((c) => c === 'OLD'),
      remainingSlots: 1,
      productLimit: 100,
    }));
    expect(plan).toEqual({
      rowsRead: 7,
      limit: {
        productLimit: 100,
        remainingSlots: 1,
        newProducts: 3,
        updateRows: 1,
        overLimitProducts: 2,
        overLimitRows: 3,
      },
    });
  });

  it('asks about a batch of codes at a time, and stops at once without a limit', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => row(i + 2, `C${i}`));
    const asked: number[] = [];
    const limited = await planImport(rows, async (codes) => {
      asked.push(codes.length);
      return { known: [], remainingSlots: 100, productLimit: 100 };
    });
    expect(asked).toEqual([1000, 1000, 500]);
    expect(limited.limit).toMatchObject({ newProducts: 2500, overLimitProducts: 2400, overLimitRows: 2400 });
    asked.length = 0;
    const premium = await planImport(rows, async (codes) => {
      asked.push(codes.length);
      return { known: [], remainingSlots: null, productLimit: null };
    });
    expect(asked).toEqual([1000]);
    expect(premium).toEqual({ rowsRead: 2500, limit: null });
  });
});
