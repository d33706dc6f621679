import { describe, expect, it } from 'vitest';
import {
  buildCargoQrLink,
  CargoDifferenceParamsSchema,
  CargoQrReceiveBodySchema,
  cargoCodeSchema,
  parseCargoQrLink,
} from './cargo.ts';

const token = `${'a'.repeat(21)}-.${'B'.repeat(21)}_`;

describe('the transfer QR link', () => {
  it('is built from the app URL and parsed back from a scan, a paste or a bare token', () => {
    const link = buildCargoQrLink('https://shop.example/', token);
    expect(link).toBe(`https://shop.example/cargo/receive/${token}`);
    expect(parseCargoQrLink(link)).toBe(token);
    expect(parseCargoQrLink(`  ${link}  `)).toBe(token);
    expect(parseCargoQrLink(`${link}?utm=x`)).toBe(token);
    expect(parseCargoQrLink(`https://other.host/my-shop/cargo/manage?receive=${token}&x=1`)).toBe(token);
    expect(parseCargoQrLink(token)).toBe(token);
  });

  it('finds no token in anything else', () => {
    for (const text of [
      '',
      'ABCDEFGH',
      'https://shop.example/cargo/receive/short.token',
      `${token}x`,
      'x'.repeat(5000),
    ]) {
      expect(parseCargoQrLink(text)).toBeNull();
    }
    expect(CargoQrReceiveBodySchema.safeParse({ token: 'ABCDEFGH' }).success).toBe(false);
    expect(CargoQrReceiveBodySchema.parse({ token: buildCargoQrLink('http://x', token) }).token).toBe(token);
  });
});

describe('cargo paths', () => {
  it('takes a cargo code in any case, and only Crockford letters', () => {
    expect(cargoCodeSchema.parse(' 7k2m9qzt ')).toBe('7K2M9QZT');
    expect(cargoCodeSchema.safeParse('7K2M9QZI').success).toBe(false);
    expect(cargoCodeSchema.safeParse('7K2M9QZ').success).toBe(false);
  });

  it('reads signed differences in digits only', () => {
    const base = { code: '7K2M9QZT', contentId: '6f1c2f8e-0b1a-4c5d-9e8f-1a2b3c4d5e6f' };
    expect(
      CargoDifferenceParamsSchema.parse({ ...base, updatedQuantity: '5', quantityDifference: '-2' }),
    ).toMatchObject({
      updatedQuantity: 5,
      quantityDifference: -2,
    });
    for (const bad of ['1e3', '+1', ' 1', '0x10', '--1', '2000000']) {
      expect(
        CargoDifferenceParamsSchema.safeParse({ ...base, updatedQuantity: '1', quantityDifference: bad }).success,
      ).toBe(false);
    }
  });
});
