import { describe, expect, it } from 'vitest';
import { parseEcbXml } from './ecb-feed.ts';
import { crossRate, multiplyRates, ratioToRateText } from './rate-text.ts';

/** The shape of eurofxref-daily.xml / eurofxref-hist-90d.xml, trimmed. */
export function ecbXml(days: Record<string, Record<string, string>>): string {
  const cubes = Object.entries(days)
    .map(
      ([date, rates]) =>
        `<Cube time='${date}'>${Object.entries(rates)
          .map(([c, r]) => `<Cube currency='${c}' rate='${r}'/>`)
          .join('\n')}</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${cubes}</Cube>
</gesmes:Envelope>`;
}

describe('parseEcbXml', () => {
  it('reads every day and the supported currencies only', () => {
    const days = parseEcbXml(
      ecbXml({
        '2026-11-20': { USD: '1.0541', JPY: '163.45', ZAR: '19.2', HUF: '410.1' },
        '2026-11-19': { USD: '1.0530' },
      }),
    );
    expect(days.map((d) => [d.date, Object.fromEntries(d.rates)])).toEqual([
      ['2026-11-20', { USD: '1.0541', JPY: '163.45' }],
      ['2026-11-19', { USD: '1.0530' }],
    ]);
  });

  it('refuses a file that is not a reference rates file, and ignores malformed rates', () => {
    expect(() => parseEcbXml('<html>Not found</html>')).toThrow('not an ECB reference rates file');
    const days = parseEcbXml(ecbXml({ '2026-11-20': { USD: '1e3', JPY: '0', GBP: '0.8321' } }));
    expect(Object.fromEntries(days[0]!.rates)).toEqual({ GBP: '0.8321' });
  });
});

describe('rate text arithmetic', () => {
  it('is exact until one rounding to 12 decimals', () => {
    expect(multiplyRates('1.0541', '3.6725')).toBe('3.87118225');
    expect(crossRate('1.1554', '177.91')).toBe('153.981305175697');
    expect(crossRate('1.1554', multiplyRates('1.1554', '3.6725')!)).toBe('3.6725');
    expect(crossRate('19222', '0.3546')).toBe('0.000018447612');
    expect(ratioToRateText({ numerator: 1n, denominator: 10n ** 13n })).toBeNull();
  });
});
