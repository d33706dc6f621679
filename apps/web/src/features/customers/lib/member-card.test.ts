import { describe, expect, it } from 'vitest';
import { labelBlocks } from '../../../printing/labels/label-layout.ts';
import { MEMBER_CARD_LABEL, memberCardDocument, memberCardLabel } from './member-card.ts';

const card = { storeName: 'Corner Shop', customerName: '山田 太郎', code: 'M0123456789' };

describe('the member card', () => {
  it('prints the store, the name, the code as bars and its digits on a label, no price', () => {
    const blocks = labelBlocks(memberCardLabel(card), MEMBER_CARD_LABEL);
    expect(blocks.map((b) => (b.kind === 'text' ? b.text : `|${b.code}|`))).toEqual([
      'Corner Shop',
      '山田 太郎',
      '|M0123456789|',
      'M0123456789',
    ]);
  });

  it('prints the same on the receipt printer, the barcode as an image', () => {
    const doc = memberCardDocument(card, 'blob:x', 58, 'Member card');
    expect(doc.paperWidth).toBe(58);
    const texts = doc.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    expect(texts).toEqual(['Corner Shop', 'Member card', '山田 太郎', 'M0123456789']);
    expect(doc.blocks).toContainEqual({ kind: 'image', url: 'blob:x', alt: 'M0123456789' });
  });
});
