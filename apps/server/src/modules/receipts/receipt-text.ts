import { RECEIPT_COLUMNS, type ReceiptBlock, type ReceiptDocument } from '@shopdesk/shared';

/**
 * The receipt document as plain text, for the text part of the receipt mail: the printer's columns
 * (32 or 48), East Asian wide characters counted as two, as a monospace mail reader shows them. A QR
 * becomes its address; a barcode and the logo have no text (the barcode's code is a block of its own).
 */

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function width(text: string): number {
  let w = 0;
  for (const char of text) w += WIDE.test(char) ? 2 : 1;
  return w;
}

function aligned(text: string, align: 'left' | 'center' | 'right' | undefined, columns: number): string {
  const room = Math.max(0, columns - width(text));
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + text;
  return text;
}

function blockLines(block: ReceiptBlock, columns: number): string[] {
  switch (block.kind) {
    case 'text':
      return block.text.split('\n').map((line) => aligned(line, block.align, columns));
    case 'pair': {
      const gap = columns - width(block.left) - width(block.right);
      // A label too long for one line keeps its own line, the amount flush right under it.
      return gap >= 1
        ? [block.left + ' '.repeat(gap) + block.right]
        : [block.left, aligned(block.right, 'right', columns)];
    }
    case 'rule':
      return ['-'.repeat(columns)];
    case 'qr':
      return [aligned(block.data, 'center', columns)];
    case 'feed':
      return Array.from({ length: Math.max(0, Math.min(block.lines, 3)) }, () => '');
    case 'barcode':
    case 'image':
      return [];
  }
}

export function receiptText(doc: ReceiptDocument): string {
  const columns = RECEIPT_COLUMNS[doc.paperWidth];
  return doc.blocks
    .flatMap((b) => blockLines(b, columns))
    .map((line) => line.trimEnd())
    .join('\n');
}
