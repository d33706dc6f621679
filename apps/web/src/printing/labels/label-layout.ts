import { perUnitSuffix, type ProductUnit } from '@shopdesk/shared';

/**
 * What a shelf label shows, from the session's `catConfig` (original.md §3). Price-only labels
 * (price on, the four others off) print the price large, for shelf edges.
 */
export interface LabelConfig {
  showBrand: boolean;
  showItemName: boolean;
  showPrice: boolean;
  showBarcode: boolean;
  showBarcodeNumber: boolean;
  count: number;
}

export interface LabelContent {
  code: string;
  name: string;
  brand: string;
  /** Already formatted in the store's currency, e.g. "$19.99". */
  price: string;
}

/** One product's label and how many of it to print: a batch prints several products at once. */
export interface LabelRun {
  content: LabelContent;
  copies: number;
}

/** The most copies of one label a batch takes (a label per piece of a large delivery). */
export const MAX_LABEL_COPIES = 999;

/**
 * A product's or a cargo line's label, its price formatted by `price`; a weighed product's price is
 * per unit and says so (¥1,980/kg), wherever the label is printed from.
 */
export function labelContentOf(
  item: { code: string; name: string; brand: string; price: number; unit?: ProductUnit | undefined },
  price: (minor: number) => string,
): LabelContent {
  return {
    code: item.code,
    name: item.name,
    brand: item.brand,
    price: price(item.price) + perUnitSuffix(item.unit ?? 'EACH'),
  };
}

export function isPriceOnly(config: LabelConfig): boolean {
  return (
    config.showPrice && !config.showBrand && !config.showItemName && !config.showBarcode && !config.showBarcodeNumber
  );
}

export type LabelBlock =
  | { kind: 'text'; text: string; size: number; bold: boolean; mono?: boolean; maxLines: number }
  | { kind: 'barcode'; code: string; height: number };

/** The blocks of a label, top to bottom, with font sizes in printer dots (8 dots = 1 mm). */
export function labelBlocks(content: LabelContent, config: LabelConfig): LabelBlock[] {
  if (isPriceOnly(config)) {
    return [{ kind: 'text', text: content.price, size: 72, bold: true, maxLines: 1 }];
  }
  const blocks: LabelBlock[] = [];
  if (config.showBrand && content.brand) {
    blocks.push({ kind: 'text', text: content.brand, size: 22, bold: false, maxLines: 1 });
  }
  if (config.showItemName && content.name) {
    blocks.push({ kind: 'text', text: content.name, size: 28, bold: true, maxLines: 2 });
  }
  if (config.showPrice) {
    blocks.push({ kind: 'text', text: content.price, size: 44, bold: true, maxLines: 1 });
  }
  if (config.showBarcode) blocks.push({ kind: 'barcode', code: content.code, height: 80 });
  if (config.showBarcodeNumber) {
    blocks.push({
      kind: 'text',
      text: content.code,
      size: 22,
      bold: false,
      mono: true,
      maxLines: 1,
    });
  }
  return blocks;
}
