import { describe, expect, it } from 'vitest';
import { renderReceiptHtml, receiptPageCss } from './receipt-html.ts';
import { receiptLocaleFromAcceptLanguage } from './receipt-labels.ts';

describe('renderReceiptHtml', () => {
  it('escapes every text and keeps the paper columns', () => {
    const html = renderReceiptHtml({
      paperWidth: 80,
      blocks: [
        { kind: 'text', text: '<script>alert("x")</script>', align: 'center', bold: true },
        { kind: 'pair', left: 'Tea & "cake"', right: "$1'00", size: 'large' },
        { kind: 'rule' },
        { kind: 'feed', lines: 2 },
      ],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Tea &amp; &quot;cake&quot;');
    expect(html).toContain('$1&#39;00');
    expect(html).toContain('data-paper="80"');
    expect(html).toContain('--r-columns:48');
    expect(html).toContain('class="r-text r-center r-bold"');
    expect(html).toContain('class="r-pair r-large"');
    expect(html).toContain('<hr class="r-rule">');
  });

  it('draws the QR with the given drawer, else links it; drops images with unsafe addresses', () => {
    const doc = {
      paperWidth: 58 as const,
      blocks: [
        { kind: 'qr' as const, data: 'https://x.example/receipt/ABC' },
        { kind: 'image' as const, url: 'javascript:alert(1)', alt: 'bad' },
        { kind: 'image' as const, url: '/api/public/receipt/ABC/logo', alt: 'Shop "A"' },
      ],
    };
    expect(renderReceiptHtml(doc, { qrSvg: (d) => `<svg data-d="${d.length}"></svg>` })).toContain(
      '<div class="r-qr" role="img" aria-label="https://x.example/receipt/ABC"><svg data-d="29"></svg></div>',
    );
    const linked = renderReceiptHtml(doc);
    expect(linked).toContain('<a href="https://x.example/receipt/ABC">');
    expect(linked).not.toContain('javascript:');
    expect(linked).toContain('<img src="/api/public/receipt/ABC/logo" alt="Shop &quot;A&quot;">');
  });

  it('draws a barcode with the given drawer (its code labelled), and nothing without one', () => {
    const doc = { paperWidth: 58 as const, blocks: [{ kind: 'barcode' as const, data: '4921<77>3456' }] };
    expect(renderReceiptHtml(doc, { barcodeSvg: (d) => `<svg data-d="${d.length}"></svg>` })).toContain(
      '<div class="r-barcode" role="img" aria-label="4921&lt;77&gt;3456"><svg data-d="12"></svg></div>',
    );
    expect(renderReceiptHtml(doc)).toBe('<div class="receipt" data-paper="58" style="--r-columns:32"></div>');
  });

  it('sizes the printed page to the roll', () => {
    expect(receiptPageCss(58)).toBe('@page{size:58mm auto;margin:0 5mm}');
    expect(receiptPageCss(80)).toBe('@page{size:80mm auto;margin:0 4mm}');
  });
});

describe('receiptLocaleFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['fr-FR, en;q=0.5, ja;q=0.7', 'ja'],
    ['en-GB,ja;q=0.3', 'en'],
    ['de', 'en'],
    ['ja;q=0, en', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(receiptLocaleFromAcceptLanguage(header)).toBe(expected);
  });
});
