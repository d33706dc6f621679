import { ErrorCode, type DeleteAccountBody } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { fieldError, unauthorized } from '../../core/errors.ts';
import type { Caller } from '../access/index.ts';
import { findUserById } from '../auth/index.ts';
import { endBillingOf } from '../billing/index.ts';
import { deleteStores, deleteUser, ownedStoreIds, storeFiles } from './account-deletion.repo.ts';

/**
 * Closes the caller's account after checking the password again: their stores with every product,
 * stock movement, import record and image, their sessions and mail tokens, and the user, in one
 * transaction, so a failure leaves the account whole. Image bytes are deleted after the commit (a
 * failed transaction must not lose a file still in use); the email can then sign up afresh.
 */
export async function deleteAccount(ctx: AppContext, caller: Caller, body: DeleteAccountBody): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw unauthorized();
  if (!(await ctx.passwords.verify(user.password_hash, body.password))) {
    throw fieldError(ErrorCode.WRONG_PASSWORD, 'password', 'Your password is not correct.');
  }
  // A paid subscription ends first: a closed account must not go on being billed.
  await endBillingOf(ctx, user.id);
  const files = await ctx.db.transaction().execute(async (trx) => {
    const storeIds = await ownedStoreIds(trx, user.id);
    const images = await storeFiles(trx, storeIds);
    await deleteStores(trx, storeIds);
    await deleteUser(trx, user.id);
    return images;
  });
  for (const file of files) {
    await ctx.files.delete(file.store_id, file.id).catch((error: unknown) => {
      // The account is gone either way; a leftover file is only disk space, so log it and go on.
      ctx.log.error(
        { err: error, storeId: file.store_id, fileId: file.id },
        'could not delete an image of a closed account',
      );
    });
  }
  ctx.log.info({ userId: user.id, images: files.length }, 'account closed');
}
