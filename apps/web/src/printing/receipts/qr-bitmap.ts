import { qrcode, type DrawingContext, type RenderOptions } from 'bwip-js/browser';

/** A QR symbol as its modules: `size`×`size`, row-major, 1 = dark. No quiet zone. */
export interface QrModules {
  size: number;
  modules: Uint8Array;
}

/** An RGBA image the encoder takes (`{ width, height, data }`, as ImageData has). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

type Polygon = Array<[number, number]>;

/**
 * The QR of `data` drawn by bwip-js (only its QR encoder is imported, see barcode-bitmap.ts): at
 * scale 1 it traces the dark regions as orthogonal, non-crossing polygons on the module grid, so a
 * module is dark when its centre is inside an odd number of them.
 */
export function qrModules(data: string, eclevel: 'L' | 'M' | 'Q' | 'H' = 'M'): QrModules {
  const polygons: Polygon[] = [];
  let size = 0;
  const drawing: DrawingContext<void> = {
    scale: () => [1, 1],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (width) => {
      size = width;
    },
    line: () => {},
    polygon: (pts) => {
      polygons.push(pts);
    },
    hexagon: () => {},
    ellipse: () => {},
    fill: () => {},
    text: () => {},
    end: () => {},
  };
  // `eclevel` is a BWIPP option bwip-js passes through but does not type.
  const render: RenderOptions & { eclevel: string } = { bcid: 'qrcode', text: data, scale: 1, eclevel };
  qrcode(render, drawing);
  if (size === 0) throw new Error('The QR code could not be drawn');
  const modules = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let crossings = 0;
      for (const polygon of polygons) crossings += crossingsRightOf(polygon, x + 0.5, y + 0.5);
      modules[y * size + x] = crossings % 2;
    }
  }
  return { size, modules };
}

/** Vertical edges of `polygon` right of (`px`, `py`) that a ray going right crosses. */
function crossingsRightOf(polygon: Polygon, px: number, py: number): number {
  let n = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [x0, y0] = polygon[j]!;
    const [x1, y1] = polygon[i]!;
    if (x0 !== x1 || x0 < px) continue;
    if (py > Math.min(y0, y1) && py < Math.max(y0, y1)) n++;
  }
  return n;
}

/** The QR as an image of `moduleDots` dots per module with a 4-module quiet zone, black on white. */
export function qrImage(qr: QrModules, moduleDots: number): RgbaImage {
  const quiet = 4;
  const side = (qr.size + quiet * 2) * moduleDots;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    const my = Math.floor(y / moduleDots) - quiet;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / moduleDots) - quiet;
      if (my < 0 || mx < 0 || my >= qr.size || mx >= qr.size || !qr.modules[my * qr.size + mx]) continue;
      data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}
