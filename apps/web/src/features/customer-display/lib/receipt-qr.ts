import { publicOrigin } from '../../../lib/api-base.ts';

/** The public receipt page a customer's phone opens from the display's QR. */
export const receiptUrl = (code: string): string => `${publicOrigin()}/receipt/${encodeURIComponent(code)}`;

/**
 * The QR as an SVG data URL, drawn by bwip-js as the labels and receipts are (its QR encoder only),
 * loaded on first use: the display's idle and sale screens never need it.
 */
export async function receiptQrDataUrl(code: string): Promise<string> {
  const { drawingSVG, qrcode } = await import('bwip-js/browser');
  const svg = qrcode(
    { bcid: 'qrcode', text: receiptUrl(code), scale: 4, paddingwidth: 2, paddingheight: 2 },
    drawingSVG(),
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
