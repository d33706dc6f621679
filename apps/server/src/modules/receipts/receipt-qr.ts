import bwipjs from 'bwip-js/node';

/**
 * A QR code of `data` as an inline SVG (bwip-js, which the web app already uses for labels), so the
 * receipt page needs no script or image request to show it.
 */
export function qrSvg(data: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text: data });
}

/**
 * A gift card's code as a Code 128 barcode in an inline SVG, with the quiet zones a scanner needs
 * (10 modules each side) and no text under it: the receipt prints the code as a block of its own.
 */
export function barcodeSvg(data: string): string {
  return bwipjs.toSVG({ bcid: 'code128', text: data, height: 12, paddingleft: 10, paddingright: 10 });
}
