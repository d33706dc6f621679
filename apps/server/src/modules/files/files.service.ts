import { ErrorCode, IMAGE_MIME_TYPES, type FileSaved, type ImageMimeType } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { assertAllowed, type RoutePermission, type Scope } from '../access/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { storageQuota } from '../plans/index.ts';
import { deleteFileRows, findFile, storeBytes, upsertFile } from './files.repo.ts';
import { checkImage } from './image-check.ts';
import { detectImageType } from './image-type.ts';

const DECLARED_TYPES = new Set<string>([...IMAGE_MIME_TYPES, 'application/octet-stream']);

/** An upload as it arrived: the declared Content-Type and the raw body. */
export interface Upload {
  declaredType: string;
  body: unknown;
}

function unsupported(message: string): AppError {
  return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, [{ field: 'body', message }]);
}

/**
 * Stores an image under the store and id, replacing any earlier one. The type is decided by the
 * bytes: a text file named .png is refused whatever its Content-Type says, and the image is decoded
 * and its size bounded (image-check.ts). The store's storage
 * quota (modules/plans) is checked before any byte is written, and again, with the owner locked,
 * in the transaction that records the new size; a replaced image counts only by its difference.
 * The bytes replace the old ones only once that transaction has committed.
 */
/**
 * What changing the image `id` asks of a member (the route lets any member in): their own profile
 * picture is theirs, a receipt logo is a setting, another's picture the owner's, and any other id
 * a product image.
 */
function imagePermission(scope: Scope, id: string): RoutePermission {
  const lower = id.toLowerCase();
  if (lower.endsWith('-receipt')) return 'SETTINGS';
  if (lower.endsWith('-profile')) return lower.startsWith(`${scope.userId.toLowerCase()}-`) ? 'MEMBER' : 'OWNER';
  return 'PRODUCTS';
}

export async function putFile(ctx: AppContext, scope: Scope, id: string, upload: Upload): Promise<FileSaved> {
  assertAllowed(scope.rights, imagePermission(scope, id));
  const { store } = scope;
  const { declaredType, body } = upload;
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (!DECLARED_TYPES.has(declared) || !Buffer.isBuffer(body)) {
    throw unsupported('Please upload a PNG, JPEG or WebP image.');
  }
  if (body.length === 0)
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The file is empty.', [
      { field: 'body', message: 'The file is empty.' },
    ]);
  const mime = detectImageType(body);
  if (!mime) throw unsupported('This file is not a PNG, JPEG or WebP image.');
  await checkImage(body, mime);
  const assertFits = async (db: DbOrTx) => {
    const quota = await storageQuota(db, ctx, store);
    if ((await storeBytes(db, store.id, id)) + body.length > quota.bytes) throw quota.refusal();
  };
  await assertFits(ctx.db);
  const staged = await ctx.files.stage(store.id, id, body);
  const now = iso(ctx.clock.now());
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await assertFits(trx);
      const existing = await findFile(trx, store.id, id);
      await upsertFile(trx, {
        store_id: store.id,
        id,
        owner_id: scope.userId,
        kind: 'image',
        mime,
        size: body.length,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      });
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await staged.commit();
  return { id, mime, size: body.length, updatedAt: now };
}

/**
 * Deletes those of `ids` the store has, metadata first, then bytes. Callers pass images nothing
 * refers to any more, after the transaction that dropped the last reference has committed, so a
 * failed transaction never loses a file still in use.
 */
export async function deleteFiles(ctx: AppContext, storeId: string, ids: string[]): Promise<void> {
  for (const id of await deleteFileRows(ctx.db, storeId, ids)) await ctx.files.delete(storeId, id);
}

/**
 * Removes a profile picture or receipt logo of the store. A product image (a bare UUID) is refused:
 * its product still names it, and it goes when the product does. Nothing there is not an error: the
 * picture is gone either way (a second tap, another device first).
 */
export async function removeImage(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  if (!/-(?:profile|receipt)$/.test(id)) {
    const message = 'Only a profile picture or a receipt logo can be removed here.';
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'uuid', message }]);
  }
  assertAllowed(scope.rights, imagePermission(scope, id));
  const { store } = scope;
  // A receipt logo is a store setting: its removal is in the audit log, written with the row's delete.
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const ids = await deleteFileRows(trx, store.id, [id]);
    if (ids.length > 0 && id.toLowerCase().endsWith('-receipt')) {
      await recordAudit(trx, scope, {
        action: 'RECEIPT_LOGO_DELETE',
        entity: 'STORE',
        entityCode: store.url_name,
        at: ctx.clock.now(),
      });
    }
    return ids;
  });
  for (const gone of removed) await ctx.files.delete(store.id, gone);
}

/** Whether the store has an image under this id (products may only show the store's own images). */
export async function hasImage(db: DbOrTx, storeId: string, id: string): Promise<boolean> {
  return (await findFile(db, storeId, id)) !== undefined;
}

export async function getFile(
  ctx: AppContext,
  scope: Scope,
  id: string,
): Promise<{ bytes: Buffer; mime: ImageMimeType; etag: string }> {
  const { store } = scope;
  const meta = await findFile(ctx.db, store.id, id);
  const bytes = meta ? await ctx.files.get(store.id, id) : undefined;
  if (!meta || !bytes) throw notFound('This image does not exist.');
  return {
    bytes,
    mime: meta.mime as ImageMimeType,
    etag: `"${meta.size}-${Date.parse(meta.updated_at).toString(36)}"`,
  };
}
