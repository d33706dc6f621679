import { z } from 'zod';
import { singleLineText } from './validation.ts';

/** Images only, checked by their bytes (product.md §5 Files). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A file identifier: a UUID (product images), or the profile and receipt identifiers of
 * original.md §3: `{userId}-{defaultStore}-profile`, `{userId}-{defaultStore}-receipt`,
 * `{userId}-{storeId}-receipt`. Lowercase letters, digits and dashes only: it names a file on disk.
 */
export const FILE_ID_PATTERN = new RegExp(`^${UUID}(?:-[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?-(?:profile|receipt))?$`);

/** A product image's id: a bare UUID (the profile and receipt identifiers are not product images). */
export const PRODUCT_IMAGE_ID_PATTERN = new RegExp(`^${UUID}$`);

export const FileParamsSchema = z.object({
  storeUrl: singleLineText({ label: 'Store URL name', min: 1, max: 64 }),
  uuid: z.string().trim().toLowerCase().regex(FILE_ID_PATTERN, 'Must be a UUID or a profile/receipt image identifier'),
});

export const FileSavedSchema = z.object({
  id: z.string(),
  mime: z.enum(IMAGE_MIME_TYPES),
  size: z.number().int(),
  updatedAt: z.string(),
});
export type FileSaved = z.infer<typeof FileSavedSchema>;
