import { describe, expect, it } from 'vitest';
import { lineForScan } from './scan-match.ts';

describe('lineForScan', () => {
  const lines = [
    { code: '4901234567894', name: 'Green tea' },
    { code: 'ABC-1', name: 'Soap' },
  ];

  it('finds the line with the scanned code, spaces around it ignored', () => {
    expect(lineForScan(lines, '4901234567894')?.name).toBe('Green tea');
    expect(lineForScan(lines, ' ABC-1 ')?.name).toBe('Soap');
  });

  it('finds none for a code the cargo does not hold, or an empty one', () => {
    expect(lineForScan(lines, '4006381333931')).toBeUndefined();
    expect(lineForScan(lines, '  ')).toBeUndefined();
  });
});
