import { deflateSync } from 'node:zlib';
import type { RgbaImage } from './qr-bitmap.ts';
import type { RasterTextBlock, TextRasterizer } from './text-raster.ts';

/**
 * Reading ESC/POS streams in tests: hex dumps, raster images (GS v 0) back to dots and to PNG for
 * zbarimg, and a stand-in for the canvas that draws each character as a box.
 */

export const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
export const ascii = (s: string) => hex(Buffer.from(s, 'latin1'));

/** Index of the first occurrence of `needle` in `bytes`, or -1. */
export function indexOf(bytes: Uint8Array, needle: ArrayLike<number>, from = 0): number {
  outer: for (let i = from; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Raster images (GS v 0) in an ESC/POS stream, in order: width and height in dots, 1 = black. */
export function rasterImages(bytes: Uint8Array): Array<{ width: number; height: number; dots: Uint8Array }> {
  const images: Array<{ width: number; height: number; dots: Uint8Array }> = [];
  let at = indexOf(bytes, [0x1d, 0x76, 0x30]);
  while (at >= 0) {
    const rowBytes = bytes[at + 4]! | (bytes[at + 5]! << 8);
    const rows = bytes[at + 6]! | (bytes[at + 7]! << 8);
    const start = at + 8;
    const dots = new Uint8Array(rowBytes * 8 * rows);
    for (let i = 0; i < rowBytes * rows; i++) {
      for (let bit = 0; bit < 8; bit++) dots[i * 8 + bit] = (bytes[start + i]! >> (7 - bit)) & 1;
    }
    images.push({ width: rowBytes * 8, height: rows, dots });
    at = indexOf(bytes, [0x1d, 0x76, 0x30], start + rowBytes * rows);
  }
  return images;
}

/** A grayscale PNG of the dots (black on white), written without any image library. */
export function pngOf(image: { width: number; height: number; dots: Uint8Array }): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(image.width, 0);
  ihdr.writeUInt32BE(image.height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale
  const raw = Buffer.alloc((image.width + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      raw[y * (image.width + 1) + 1 + x] = image.dots[y * image.width + x] ? 0 : 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stand-in for the canvas: one black 16×20 box per character on a 24-dot line, and the calls it got. */
export function boxRasterizer(): TextRasterizer & { calls: RasterTextBlock[] } {
  const calls: RasterTextBlock[] = [];
  const rasterize = (block: RasterTextBlock): RgbaImage => {
    calls.push(block);
    const text = block.kind === 'text' ? block.text : `${block.left} ${block.right}`;
    const height = 24;
    const data = new Uint8ClampedArray(block.width * height * 4).fill(255);
    [...text].forEach((char, i) => {
      if (char === ' ') return;
      for (let y = 2; y < 22; y++) {
        for (let x = i * 18; x < Math.min(i * 18 + 16, block.width); x++)
          data.fill(0, (y * block.width + x) * 4, (y * block.width + x) * 4 + 3);
      }
    });
    return { width: block.width, height, data };
  };
  return Object.assign(rasterize, { calls });
}
