/**
 * A receipt as a printer-neutral list of blocks. One builder turns a sale and its store's receipt
 * template into this document; every output draws the same document: the public receipt page and
 * the template's live preview (HTML), the browser's print, and the ESC/POS bytes sent to a
 * Bluetooth thermal printer. So what the owner previews is what the printer prints.
 *
 * Texts are final (already translated and formatted with the store's currency and time zone), so a
 * renderer only lays them out: it never formats money or dates itself.
 */

export type ReceiptPaperWidth = 58 | 80;

/** Characters per line of the printer's default font (Font A, 12×24 dots) on each roll. */
export const RECEIPT_COLUMNS: Record<ReceiptPaperWidth, number> = { 58: 32, 80: 48 };

/** Printable dots per line at 203 dpi (8 dots/mm) on each roll, for raster images. */
export const RECEIPT_DOTS: Record<ReceiptPaperWidth, number> = { 58: 384, 80: 576 };

export type ReceiptAlign = 'left' | 'center' | 'right';

export type ReceiptBlock =
  /** A paragraph; long text wraps to the paper width. `size: 'large'` is double width and height. */
  | { kind: 'text'; text: string; align?: ReceiptAlign; bold?: boolean; size?: 'normal' | 'large' }
  /** A label on the left and a value (an amount) on the right of one line, e.g. "Total" … "$12.50". */
  | { kind: 'pair'; left: string; right: string; bold?: boolean; size?: 'normal' | 'large' }
  /** A horizontal rule across the paper. */
  | { kind: 'rule' }
  /** A QR code of `data` (the receipt's public address, or a gift card's code), centred. */
  | { kind: 'qr'; data: string }
  /** A Code 128 barcode of `data` (a gift card's code), centred; its text is a separate block. */
  | { kind: 'barcode'; data: string }
  /** An image (the store's receipt logo), centred, scaled to fit the paper. `url` is fetchable by the renderer. */
  | { kind: 'image'; url: string; alt: string }
  /** Empty lines. */
  | { kind: 'feed'; lines: number };

export interface ReceiptDocument {
  paperWidth: ReceiptPaperWidth;
  blocks: ReceiptBlock[];
}
