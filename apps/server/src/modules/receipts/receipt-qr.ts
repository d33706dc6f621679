import bwipjs from 'bwip-js/node';

/**
 * A QR code of `data` as an inline SVG (bwip-js, which the web app already uses for labels), so the
 * receipt page needs no script or image request to show it.
 */
export function qrSvg(data: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text: data });
}
