/**
 * Shrinks a photo to at most `maxSide` pixels on its longer side and re-encodes it (WebP where the
 * browser can, else JPEG), so a 12-megapixel phone photo uploads as ~100–300 KB over a weak link
 * and stays under the server's 2 MB limit.
 */
export async function downscaleImage(file: Blob, maxSide = 1200, quality = 0.85): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  // Safari answers a PNG when it cannot write WebP; JPEG is smaller for photos then.
  const webp = await encode('image/webp');
  if (webp && webp.type === 'image/webp') return webp;
  const jpeg = await encode('image/jpeg');
  if (!jpeg) throw new Error('Could not encode the image');
  return jpeg;
}
