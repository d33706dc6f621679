import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WedgeBuffer } from './wedge-buffer.ts';

const codeArb = fc.stringMatching(/^[A-Za-z0-9._-]{3,48}$/);

/** Types `text` then Enter, starting at `start` ms with the given gaps; returns every scan seen. */
function type(buffer: WedgeBuffer, text: string, start: number, gaps: number[]): string[] {
  const scans: string[] = [];
  let t = start;
  [...text, 'Enter'].forEach((key, i) => {
    t += gaps[i % gaps.length]!;
    const code = buffer.push(key, t);
    if (code !== null) scans.push(code);
  });
  return scans;
}

describe('WedgeBuffer', () => {
  it('takes every fast burst whole and once', () => {
    fc.assert(
      fc.property(codeArb, fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1 }), (code, gaps) => {
        const buffer = new WedgeBuffer();
        expect(type(buffer, code, 1000, gaps)).toEqual([code]);
      }),
    );
  });

  it('takes back-to-back scans separately', () => {
    fc.assert(
      fc.property(fc.array(codeArb, { minLength: 2, maxLength: 5 }), (codes) => {
        const buffer = new WedgeBuffer();
        const seen = codes.flatMap((c, i) => type(buffer, c, 1000 + i * 200, [8]));
        expect(seen).toEqual(codes);
      }),
    );
  });

  it('ignores slow human typing and short noise', () => {
    const buffer = new WedgeBuffer();
    expect(type(buffer, '4006381333931', 0, [180])).toEqual([]);
    expect(type(buffer, 'ab', 10_000, [5])).toEqual([]);
  });

  it('drops what a person typed before a scan started', () => {
    const buffer = new WedgeBuffer();
    buffer.push('x', 0);
    buffer.push('y', 300);
    expect(type(buffer, 'SKU-001', 1000, [10])).toEqual(['SKU-001']);
  });

  it('skips modifier keys inside a burst and honours other terminators', () => {
    const buffer = new WedgeBuffer({ terminators: ['Enter', 'Tab'] });
    const keys = ['Shift', 'A', 'B', 'Shift', 'C', '1', 'Tab'];
    const scans = keys.map((k, i) => buffer.push(k, 100 + i * 5)).filter((c) => c !== null);
    expect(scans).toEqual(['ABC1']);
    expect(buffer.collecting).toBe(false);
  });
});
