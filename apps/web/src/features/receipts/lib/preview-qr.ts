import { drawingSVG, qrcode } from 'bwip-js/browser';

/** The QR code as an SVG, drawn by the same library as the server's page (only its QR encoder is bundled). */
export function previewQrSvg(data: string): string {
  return qrcode({ bcid: 'qrcode', text: data }, drawingSVG());
}
