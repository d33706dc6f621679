// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wrapText } from './text-raster.ts';
import { displayWidth } from './text-width.ts';

// A monospace stand-in for measureText: 12 dots a column, wide characters two columns.
const measure = (s: string) => displayWidth(s) * 12;

describe('wrapText (lines of a block drawn as an image)', () => {
  it('breaks Latin at spaces', () => {
    expect(wrapText('Thank you for shopping with us today', 12 * 16, measure)).toEqual([
      'Thank you for',
      'shopping with us',
      'today',
    ]);
  });

  it('breaks Japanese between any two characters, keeping each line within the width', () => {
    const lines = wrapText('ご来店ありがとうございました。またのお越しをお待ちしております。', 384, measure);
    expect(lines.join('')).toBe('ご来店ありがとうございました。またのお越しをお待ちしております。');
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(384);
    expect(lines[0]).toHaveLength(16);
  });

  it('cuts a word longer than the line and keeps explicit line breaks', () => {
    const lines = wrapText(`${'x'.repeat(40)}\nนี่คือ`, 12 * 32, measure);
    expect(lines).toEqual(['x'.repeat(32), 'x'.repeat(8), 'นี่คือ']);
  });
});
