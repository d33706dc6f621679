import type { ReceiptDocument, ReceiptPaperWidth } from '@shopdesk/shared';
import type { LabelConfig, LabelContent } from '../../../printing/labels/label-layout.ts';

/**
 * A member card: the store's name, the customer's name and the member code as a Code 128 barcode
 * with its digits under it, which the counter's scanner reads to attach the customer. The same
 * card for the label printer (a label's layout: store where a product's brand goes) and the
 * receipt printer (a short receipt document whose barcode is an image).
 */
export interface MemberCard {
  storeName: string;
  customerName: string;
  code: string;
}

/** The label printer's card: the product label's blocks, the price left out. */
export const MEMBER_CARD_LABEL: LabelConfig = {
  showBrand: true,
  showItemName: true,
  showPrice: false,
  showBarcode: true,
  showBarcodeNumber: true,
  count: 1,
};

export function memberCardLabel(card: MemberCard): LabelContent {
  return { code: card.code, name: card.customerName, brand: card.storeName, price: '' };
}

/** The receipt printer's card; `barcodeUrl` is the barcode drawn as an image (a blob: URL). */
export function memberCardDocument(
  card: MemberCard,
  barcodeUrl: string,
  paperWidth: ReceiptPaperWidth,
  title: string,
): ReceiptDocument {
  return {
    paperWidth,
    blocks: [
      { kind: 'text', text: card.storeName, align: 'center', bold: true },
      { kind: 'text', text: title, align: 'center' },
      { kind: 'rule' },
      { kind: 'text', text: card.customerName, align: 'center', bold: true, size: 'large' },
      { kind: 'feed', lines: 1 },
      { kind: 'image', url: barcodeUrl, alt: card.code },
      { kind: 'text', text: card.code, align: 'center' },
      { kind: 'feed', lines: 2 },
    ],
  };
}
