import { ErrorCode, IMAGE_MIME_TYPES, type FileSaved, type ImageMimeType } from '@shopdesk/shared';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../lib/auth-guard.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storeNotFound } from '../../lib/store-scope.ts';
import { findAccessibleStoreByUrlName } from '../stores/stores.repo.ts';
import { findFile, upsertFile } from './files.repo.ts';
import { detectImageType } from './image-type.ts';

const DECLARED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, 'application/octet-stream']);

/** The store in the file path must be one the user may access; anything else is a plain 404. */
async function storeOf(ctx: AppContext, request: FastifyRequest, storeUrl: string) {
  const store = await findAccessibleStoreByUrlName(ctx.db, requireAuth(request).userId, storeUrl);
  if (!store) throw storeNotFound();
  return store;
}

function unsupported(message: string): AppError {
  return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, [{ field: 'body', message }]);
}

/**
 * Stores an image under the store and id, replacing any earlier one. The type is decided by the
 * bytes: a text file named .png is refused whatever its Content-Type says.
 */
export async function putFile(
  ctx: AppContext,
  request: FastifyRequest,
  storeUrl: string,
  id: string,
  body: unknown,
): Promise<FileSaved> {
  const store = await storeOf(ctx, request, storeUrl);
  const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!DECLARED_TYPES.has(declared) || !Buffer.isBuffer(body)) {
    throw unsupported('Please upload a PNG, JPEG or WebP image.');
  }
  if (body.length === 0)
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The file is empty.', [
      { field: 'body', message: 'The file is empty.' },
    ]);
  const mime = detectImageType(body);
  if (!mime) throw unsupported('This file is not a PNG, JPEG or WebP image.');
  await ctx.files.put(store.id, id, body);
  const now = iso(ctx.clock.now());
  const existing = await findFile(ctx.db, store.id, id);
  await upsertFile(ctx.db, {
    store_id: store.id,
    id,
    owner_id: requireAuth(request).userId,
    kind: 'image',
    mime,
    size: body.length,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
  return { id, mime, size: body.length, updatedAt: now };
}

export async function getFile(
  ctx: AppContext,
  request: FastifyRequest,
  storeUrl: string,
  id: string,
): Promise<{ bytes: Buffer; mime: ImageMimeType; etag: string }> {
  const store = await storeOf(ctx, request, storeUrl);
  const meta = await findFile(ctx.db, store.id, id);
  const bytes = meta ? await ctx.files.get(store.id, id) : undefined;
  if (!meta || !bytes) throw notFound('This image does not exist.');
  return {
    bytes,
    mime: meta.mime as ImageMimeType,
    etag: `"${meta.size}-${Date.parse(meta.updated_at).toString(36)}"`,
  };
}
