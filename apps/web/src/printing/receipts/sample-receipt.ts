import type { ReceiptDocument, ReceiptPaperWidth } from '@shopdesk/shared';

/** Texts of the printer's test page, in the user's language. */
export interface TestPageTexts {
  title: string;
  body: string;
  total: string;
  thanks: string;
}

/**
 * The test page of the printer settings: Latin text, bold and large lines, a pair line, a line in
 * Japanese (drawn as an image on the printer) and a QR code, so one print shows every kind of block.
 */
export function testPageDocument(paperWidth: ReceiptPaperWidth, texts: TestPageTexts, qrUrl: string): ReceiptDocument {
  return {
    paperWidth,
    blocks: [
      { kind: 'text', text: texts.title, align: 'center', bold: true, size: 'large' },
      { kind: 'text', text: texts.body, align: 'center' },
      { kind: 'rule' },
      { kind: 'pair', left: 'Café crème ×2', right: '€7.00' },
      { kind: 'pair', left: 'おにぎり 鮭', right: '¥180' },
      { kind: 'pair', left: texts.total, right: '€7.00 / ¥180', bold: true },
      { kind: 'rule' },
      { kind: 'text', text: 'ありがとうございました', align: 'center' },
      { kind: 'text', text: texts.thanks, align: 'center' },
      { kind: 'qr', data: qrUrl },
      { kind: 'feed', lines: 1 },
    ],
  };
}
