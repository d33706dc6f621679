import { describe, expect, it } from 'vitest';
import { RESERVED_URL_NAMES, emailSchema, timezoneSchema, urlNameSchema } from './validation.ts';

describe('urlNameSchema', () => {
  it('lowercases and trims valid names', () => {
    expect(urlNameSchema.parse('  My-Shop-1 ')).toBe('my-shop-1');
  });

  it('refuses bad shapes and every reserved name in any case', () => {
    for (const bad of ['ab', '-shop', 'shop-', 'my shop', 'shop/1', 'x'.repeat(33), 'ünï']) {
      expect(urlNameSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const reserved of RESERVED_URL_NAMES) {
      expect(urlNameSchema.safeParse(reserved.toUpperCase()).success, reserved).toBe(false);
    }
  });
});

describe('emailSchema and timezoneSchema', () => {
  it('normalizes email', () => {
    expect(emailSchema.parse(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('nope').success).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(timezoneSchema.safeParse('Asia/Tokyo').success).toBe(true);
    expect(timezoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});
