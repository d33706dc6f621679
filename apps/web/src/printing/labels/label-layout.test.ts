import { describe, expect, it } from 'vitest';
import { isPriceOnly, labelBlocks, labelContentOf, type LabelConfig } from './label-layout.ts';

const all: LabelConfig = {
  showBrand: true,
  showItemName: true,
  showPrice: true,
  showBarcode: true,
  showBarcodeNumber: true,
  count: 1,
};
const content = { code: '4006381333931', name: 'Green tea 500 ml', brand: 'Ocha', price: '$1.99' };

describe('label layout', () => {
  it('is price-only when price is on and the other four are off', () => {
    expect(isPriceOnly(all)).toBe(false);
    const priceOnly = {
      ...all,
      showBrand: false,
      showItemName: false,
      showBarcode: false,
      showBarcodeNumber: false,
    };
    expect(isPriceOnly(priceOnly)).toBe(true);
    expect(isPriceOnly({ ...priceOnly, showPrice: false })).toBe(false);
    expect(labelBlocks(content, priceOnly)).toEqual([
      { kind: 'text', text: '$1.99', size: 72, bold: true, maxLines: 1 },
    ]);
  });

  it('stacks brand, name, price, barcode and number in that order, each only when switched on', () => {
    expect(labelBlocks(content, all).map((b) => (b.kind === 'text' ? b.text : `[${b.code}]`))).toEqual([
      'Ocha',
      'Green tea 500 ml',
      '$1.99',
      '[4006381333931]',
      '4006381333931',
    ]);
    const noBrand = labelBlocks({ ...content, brand: '' }, { ...all, showBarcodeNumber: false });
    expect(noBrand.map((b) => b.kind)).toEqual(['text', 'text', 'barcode']);
  });
});

describe('labelContentOf', () => {
  const yen = (minor: number) => `¥${minor.toLocaleString('en-US')}`;
  it('prints a weighed product’s price per unit, a piece’s as it is', () => {
    expect(labelContentOf({ code: '2112345', name: 'Beef', brand: '', price: 1980, unit: 'KG' }, yen).price).toBe(
      '¥1,980/kg',
    );
    expect(labelContentOf({ code: '4901', name: 'Tea', brand: 'Ito', price: 150 }, yen)).toEqual({
      code: '4901',
      name: 'Tea',
      brand: 'Ito',
      price: '¥150',
    });
  });
});
