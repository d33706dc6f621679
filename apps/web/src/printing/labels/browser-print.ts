import type { MonoBitmap } from '../cat-printer/protocol.ts';

const DOTS_PER_MM = 8;

/** The bitmap as a PNG data URL, black on white, one pixel per printer dot. */
export function bitmapToPng(bitmap: MonoBitmap): string {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  const image = ctx.createImageData(bitmap.width, bitmap.height);
  for (let i = 0; i < bitmap.data.length; i++) {
    const v = bitmap.data[i] ? 0 : 255;
    image.data.set([v, v, v, 255], i * 4);
  }
  ctx.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}

/**
 * Prints `copies` of the label through the browser's print dialog, one label per page sized to the
 * label paper (384 dots = 48 mm at 8 dots/mm), for label printers with a system driver and for
 * browsers without Web Bluetooth.
 */
export function browserPrint(bitmap: MonoBitmap, copies: number): void {
  browserPrintMany([{ bitmap, copies: Math.max(1, copies) }]);
}

/**
 * Prints several labels, each its number of copies, in one print dialog: one label per page. The
 * page is sized to the tallest label; each image keeps its own height (width fixed, height auto),
 * as a name on two lines makes a taller label than one.
 */
export function browserPrintMany(jobs: readonly { bitmap: MonoBitmap; copies: number }[]): void {
  if (jobs.length === 0) return;
  const widthMm = Math.max(...jobs.map((j) => j.bitmap.width)) / DOTS_PER_MM;
  const heightMm = Math.ceil(Math.max(...jobs.map((j) => j.bitmap.height)) / DOTS_PER_MM);
  const root = document.createElement('div');
  root.id = 'label-print-root';
  for (const job of jobs) {
    const src = bitmapToPng(job.bitmap);
    for (let i = 0; i < job.copies; i++) {
      const img = document.createElement('img');
      img.src = src;
      img.alt = '';
      root.append(img);
    }
  }
  const style = document.createElement('style');
  style.textContent = `
    #label-print-root { display: none; }
    @media print {
      @page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }
      body > *:not(#label-print-root) { display: none !important; }
      #label-print-root { display: block; }
      #label-print-root img { display: block; width: ${widthMm}mm; height: auto; break-after: page; image-rendering: pixelated; }
    }`;
  document.body.append(style, root);
  const cleanup = () => {
    root.remove();
    style.remove();
    window.removeEventListener('afterprint', cleanup);
  };
  window.addEventListener('afterprint', cleanup);
  // Let the images decode before the dialog snapshots the page.
  setTimeout(() => {
    window.print();
    setTimeout(cleanup, 1000);
  }, 50);
}
