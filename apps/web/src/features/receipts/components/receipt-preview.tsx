import { useMemo } from 'react';
import { RECEIPT_CSS, renderReceiptHtml, type ReceiptDocument } from '@shopdesk/shared';
import { previewQrSvg } from '../lib/preview-qr.ts';

// The preview scales the receipt to the box it has (a phone is narrower than an 80 mm roll's 48
// columns at full size); the printed receipt and the public page keep their own sizes.
const PREVIEW_CSS = `
.receipt-preview{container-type:inline-size;background:var(--mantine-color-gray-1);border-radius:12px;padding:16px 8px}
.receipt-preview .receipt{font-size:min(13px,calc((100cqi - 32px) / (var(--r-columns) * 0.61)))}
[data-mantine-color-scheme=dark] .receipt-preview{background:var(--mantine-color-dark-6)}
`;

/**
 * The receipt as the public page and the browser's print draw it: the same document through the
 * same shared HTML renderer (escaped text, so nothing typed in the template can inject markup).
 */
export function ReceiptPreview({ doc, label }: { doc: ReceiptDocument; label: string }) {
  const html = useMemo(() => renderReceiptHtml(doc, { qrSvg: previewQrSvg }), [doc]);
  return (
    <div className="receipt-preview" role="figure" aria-label={label}>
      <style>{RECEIPT_CSS + PREVIEW_CSS}</style>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
