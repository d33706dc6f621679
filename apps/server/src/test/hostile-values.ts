import fc from 'fast-check';

/** JSON text placed in a request body as is: numbers and nesting that JSON.stringify cannot write. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes `RawJson` values verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  // JSON.stringify escapes NUL as \u0000, so a placeholder can never come from the data itself.
  return (text ?? 'null').replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)]!);
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  'Tea\u2066 isolate',
  'line\r\nbreak',
  'line\nbreak',
  '\uD800',
  'x\uDC00y',
  '\u200B',
  'e\u0301',
  '😀👩‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '" OR ""="',
  '%27%20OR%201%3D1',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '../../../etc/passwd',
  '=HYPERLINK("http://evil.test")',
  '+1+2',
  '@SUM(A1)',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '1e999',
  '0x10',
  '-0',
  '１２３',
  'null',
  'true',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(10_000)) },
  { weight: 1, arbitrary: fc.constant('é'.repeat(10_000)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(-1, -0.5, 0.5, 1.005, 1e21, -1e21, 2 ** 53 + 2, 2 ** 63, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom(
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('1e-999'),
    new RawJson('-0'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.1e1'),
  ),
  fc.double(),
  fc.integer(),
);

const deepArray = fc
  .integer({ min: 50, max: 20_000 })
  .map((depth) => new RawJson('['.repeat(depth) + ']'.repeat(depth)));
const deepObject = fc
  .integer({ min: 50, max: 5_000 })
  .map((depth) => new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constant(new RawJson('{"__proto__":{"polluted":true}}')),
  fc.constant(new RawJson('{"constructor":{"prototype":{"polluted":true}}}')),
  deepArray,
  deepObject,
);

/** Anything a hostile client might put where a field's value goes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, wrongType);

/**
 * Text a header may carry (fetch refuses CR, LF, NUL and non-Latin-1 characters before they reach
 * the wire, so those are tested in bodies and paths instead).
 */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("' OR 1=1 --", '../x', '%00', '<b>', 'a'.repeat(10_000), 'café', ' ', 'null'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).filter((s) => !/[\r\n\0]/.test(s)),
);
