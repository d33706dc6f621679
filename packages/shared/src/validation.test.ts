import { describe, expect, it } from 'vitest';
import { CreateProductBodySchema, ImportRowSchema, WindowParamsSchema } from './products.ts';
import { CreateStoreBodySchema } from './stores.ts';
import { SignUpBodySchema } from './auth.ts';
import {
  RESERVED_URL_NAMES,
  emailSchema,
  multiLineText,
  singleLineText,
  timezoneSchema,
  urlNameSchema,
} from './validation.ts';

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

describe('singleLineText and multiLineText', () => {
  const line = singleLineText({ label: 'Name', min: 1, max: 10 });
  const text = multiLineText({ label: 'Description', max: 20 });
  const refused = [
    'a\u0000b',
    'a\rb',
    'a\nb',
    'tab\there',
    '\u202Egnp.exe',
    'x\u2066y',
    'bell\u0007',
    'c1\u0085',
    '\uD800',
    'a\uDC00',
  ];

  it('normalizes to NFC and trims', () => {
    expect(line.parse('  Cafe\u0301 ')).toBe('Café');
    expect(line.parse('お茶 😀')).toBe('お茶 😀');
    // Marks for right-to-left text are text, not overrides.
    expect(line.parse('\u200Fשלום')).toBe('\u200Fשלום');
  });

  it('refuses control characters, line breaks, bidi overrides and lone surrogates in one-line fields', () => {
    for (const value of refused) {
      const result = line.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues).toHaveLength(1);
      expect(result.error!.issues[0]!.message).toMatch(/^Name /);
    }
  });

  it('keeps line breaks in multi-line fields (CRLF read as LF) and refuses the rest', () => {
    expect(text.parse('one\r\ntwo\rthree\n')).toBe('one\ntwo\nthree');
    for (const value of refused.filter((v) => !/^a[\r\n]b$/.test(v))) {
      expect(text.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('applies to the body schemas of sign-up, stores, products and import rows alike', () => {
    const signUp = {
      email: 'a@example.com',
      password: 'long enough',
      storeName: 'Shop',
      urlName: 'shop-1',
      mainCurrency: 'USD',
    };
    expect(SignUpBodySchema.safeParse({ ...signUp, name: 'Ada\u0000' }).success).toBe(false);
    expect(SignUpBodySchema.safeParse({ ...signUp, name: 'Ada', storeName: 'Shop\u202E' }).success).toBe(false);
    expect(
      CreateStoreBodySchema.safeParse({ name: 'Shop', urlName: 'shop-2', mainCurrency: 'USD', address: '1\r\nMain' })
        .success,
    ).toBe(false);
    expect(
      CreateStoreBodySchema.safeParse({ name: 'Shop', urlName: 'shop-2', mainCurrency: 'USD', phone: '1\n2' }).success,
    ).toBe(false);
    const product = { code: 'A-1', name: 'Tea', price: 100 };
    for (const field of ['name', 'brand', 'category'] as const) {
      expect(CreateProductBodySchema.safeParse({ ...product, [field]: 'x\ny' }).success, field).toBe(false);
    }
    expect(CreateProductBodySchema.parse({ ...product, description: 'two\r\nlines' }).description).toBe('two\nlines');
    expect(ImportRowSchema.safeParse({ line: 2, code: 'A', name: 'x', price: '1' }).success).toBe(true);
  });
});

describe('WindowParamsSchema', () => {
  it('reads decimal digits only', () => {
    expect(WindowParamsSchema.parse({ page: '0', size: '20' })).toEqual({ page: 0, size: 20 });
    for (const page of ['0x10', '1e2', ' 1', '+1', '-1', '1.0', '', '１', 'Infinity']) {
      expect(WindowParamsSchema.safeParse({ page, size: '20' }).success, page).toBe(false);
    }
    expect(WindowParamsSchema.safeParse({ page: '0', size: '101' }).success).toBe(false);
  });
});
