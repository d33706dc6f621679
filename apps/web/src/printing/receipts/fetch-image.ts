import { apiUrl } from '../../lib/api-base.ts';
import { requestsMayGo } from '../../lib/update-guard.ts';
import type { RgbaImage } from './qr-bitmap.ts';

/**
 * The logo at `url` as RGBA pixels at most `maxWidth` dots wide (never enlarged: a small logo
 * stays crisp), drawn on white so transparent parts print as paper.
 */
export async function fetchImage(url: string, maxWidth: number): Promise<RgbaImage | null> {
  // Held back while a new version takes over, like every call of the page (lib/update-guard.ts).
  await requestsMayGo();
  const response = await fetch(apiUrl(url));
  if (!response.ok) return null;
  const bitmap = await createImageBitmap(await response.blob());
  const scale = Math.min(1, maxWidth / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const image = ctx.getImageData(0, 0, width, height);
  return { width, height, data: image.data };
}
