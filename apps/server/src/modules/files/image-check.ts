import { ErrorCode, type ImageMimeType } from '@shopdesk/shared';
import sharp from 'sharp';
import { AppError } from '../../core/errors.ts';

/** The longest side an uploaded image may have: far more than a product photo or a receipt logo needs. */
export const MAX_IMAGE_SIDE = 4096;
/** What libvips may decode at all (sharp's limitInputPixels), checked before any pixel is read. */
const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

const FORMATS: Record<ImageMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

function refused(status: 400 | 415, message: string): AppError {
  const code = status === 415 ? ErrorCode.UNSUPPORTED_MEDIA_TYPE : ErrorCode.VALIDATION_ERROR;
  return new AppError(status, code, message, [{ field: 'body', message }]);
}

/**
 * Decodes an uploaded image (sharp, libvips) before it is kept: it must be a whole image of the type
 * its signature says, at most 4096 pixels a side. Every customer's phone loads a receipt logo and
 * every till a product photo, so a 40,000 × 40,000 PNG of a few megabytes (gigabytes once decoded)
 * or a file that only starts like an image is refused here rather than in their browsers.
 */
export async function checkImage(bytes: Buffer, mime: ImageMimeType): Promise<void> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (meta.format !== FORMATS[mime]) throw new Error(`decoded as ${meta.format}`);
    ({ width, height } = meta);
  } catch {
    throw refused(415, 'This file is not a PNG, JPEG or WebP image that can be read.');
  }
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw refused(400, `This image is more than ${MAX_IMAGE_SIDE} pixels wide or high. Please choose a smaller one.`);
  }
  try {
    // Every pixel, so a damaged or truncated image is refused now.
    await sharp(bytes, options).stats();
  } catch {
    throw refused(415, 'This image is damaged and cannot be read.');
  }
}
