import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { parseCsv } from '@shopdesk/shared';
import { mapHeader, missingFields, toImportRows } from './import-rows.ts';
import { batches } from '../../../components/import/run-import.ts';
import { runImport, summaryAddsUp } from '../../../components/import/run-import.ts';

describe('header mapping and rows', () => {
  it('maps known header names loosely and reports missing required columns', () => {
    expect(mapHeader(['Barcode', 'Product Name', 'Price', 'Qty'])).toEqual({ code: 0, name: 1, price: 2, quantity: 3 });
    expect(missingFields(mapHeader(['code', 'brand']))).toEqual(['name', 'price']);
  });

  it('builds rows with their file line numbers and only the columns given', () => {
    const records = parseCsv('name,code,price,brand\n"Tea, green",1,1.50,\nRice,2,2,Acme\n');
    expect(toImportRows(records, mapHeader(records[0]!.fields))).toEqual([
      { line: 2, code: '1', name: 'Tea, green', price: '1.50' },
      { line: 3, code: '2', name: 'Rice', price: '2', brand: 'Acme' },
    ]);
  });

  it('reads the handle and option columns of a variant row, a fourth option too (the server refuses it)', () => {
    const records = parseCsv(
      'code,name,price,handle,option1Name,option1Value,Option 2 Name,option2value,option4Name,option4Value\n' +
        '1,T-shirt,19.90,tee,Size,M,Colour,Red,,\n' +
        '2,T-shirt,19.90,tee,Size,L,Colour,Red,Neck,V\n',
    );
    const map = mapHeader(records[0]!.fields);
    expect(map).toMatchObject({ handle: 3, option1Name: 4, option1Value: 5, option2Name: 6, option2Value: 7 });
    expect(toImportRows(records, map)).toEqual([
      {
        line: 2,
        code: '1',
        name: 'T-shirt',
        price: '19.90',
        handle: 'tee',
        option1Name: 'Size',
        option1Value: 'M',
        option2Name: 'Colour',
        option2Value: 'Red',
      },
      {
        line: 3,
        code: '2',
        name: 'T-shirt',
        price: '19.90',
        handle: 'tee',
        option1Name: 'Size',
        option1Value: 'L',
        option2Name: 'Colour',
        option2Value: 'Red',
        option4Name: 'Neck',
        option4Value: 'V',
      },
    ]);
  });

  it('splits into batches of at most 1000', () => {
    const parts = batches(Array.from({ length: 2501 }, (_, i) => i));
    expect(parts.map((p) => p.length)).toEqual([1000, 1000, 501]);
  });
});

describe('runImport', () => {
  const rows = Array.from({ length: 2500 }, (_, i) => ({ line: i + 2, code: String(i), name: 'x', price: '1' }));
  const ok = (n: number) => ({
    created: n,
    updated: 0,
    unchanged: 0,
    errors: [],
    limitReached: false,
    limited: 0,
    firstLimitedLine: null,
    rejected: 0,
  });
  const noWait = { retryDelayMs: 0, sleep: async () => {} };

  it('sends every batch under one importId and adds up the results', async () => {
    const send = vi.fn(async (_id: string, _b: number, part: unknown[]) => ok(part.length));
    const progress = vi.fn();
    const summary = await runImport(rows, send, progress, { importId: 'imp' });
    expect(send.mock.calls.map((c) => [c[0], c[1], c[2].length])).toEqual([
      ['imp', 0, 1000],
      ['imp', 1, 1000],
      ['imp', 2, 500],
    ]);
    expect(summary).toMatchObject({ rowsRead: 2500, created: 2500 });
    expect(summaryAddsUp(summary)).toBe(true);
    expect(progress).toHaveBeenLastCalledWith({ sentRows: 2500, totalRows: 2500 });
  });

  it('retries a batch whose answer was lost with the same importId and batch number', async () => {
    let calls = 0;
    const send = vi.fn(async (_id: string, _b: number, part: unknown[]) => {
      calls++;
      if (calls === 2) throw new TypeError('network');
      return ok(part.length);
    });
    const summary = await runImport(rows, send, () => {}, { importId: 'imp', ...noWait });
    expect(send.mock.calls.map((c) => c[1])).toEqual([0, 1, 1, 2]);
    expect(summary.created).toBe(2500);
  });

  it('waits as long as Retry-After asks on a 429 and sends the same batch again', async () => {
    let calls = 0;
    const busy = new ApiRequestError(429, 'Too Many Requests', { message: 'busy', code: 'RATE_LIMITED' }, '7');
    const send = vi.fn(async (_id: string, _b: number, part: unknown[]) => {
      if (++calls <= 2) throw busy;
      return ok(part.length);
    });
    const slept: number[] = [];
    const progress = vi.fn();
    const summary = await runImport(rows.slice(0, 10), send, progress, {
      sleep: async (ms) => void slept.push(ms),
      retries: 0,
    });
    expect(slept).toEqual([7000, 7000]);
    expect(progress).toHaveBeenCalledWith({ sentRows: 0, totalRows: 10, waitingMs: 7000 });
    expect(send.mock.calls.map((c) => c[1])).toEqual([0, 0, 0]);
    expect(summary.created).toBe(10);
  });

  it('does not retry a refused batch', async () => {
    const refused = vi.fn(async () => {
      throw new ApiRequestError(400, 'Bad Request', { message: 'bad', code: 'VALIDATION' });
    });
    await expect(runImport(rows, refused, () => {}, noWait)).rejects.toBeInstanceOf(ApiRequestError);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('goes on past the free limit, so rows updating known products still apply', async () => {
    const limited = vi.fn(async (_id: string, b: number, part: unknown[]) =>
      b === 0
        ? { ...ok(100), limitReached: true, limited: part.length - 100, firstLimitedLine: 102 }
        : { ...ok(0), updated: 5, limitReached: true, limited: part.length - 5, firstLimitedLine: 2000 },
    );
    const summary = await runImport(rows, limited, () => {});
    expect(limited).toHaveBeenCalledTimes(3);
    expect(summary).toMatchObject({ created: 100, updated: 10, limitReached: true, firstLimitedLine: 102 });
    expect(summary.limited).toBe(2500 - 110);
    expect(summaryAddsUp(summary)).toBe(true);
  });
});
