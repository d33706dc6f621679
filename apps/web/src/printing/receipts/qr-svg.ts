import { qrModules } from './qr-bitmap.ts';

/** The QR of `data` as an inline SVG, one unit per module with a 4-module quiet zone, for HTML receipts. */
export function qrSvg(data: string): string {
  const qr = qrModules(data);
  const side = qr.size + 8;
  let path = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.modules[y * qr.size + x]) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
