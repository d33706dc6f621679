import { createHash } from 'node:crypto';
import {
  ErrorCode,
  MAX_STORED_VALUE,
  formatMoney,
  type AdjustCardBodySchema,
  type BlockCardBodySchema,
  type CurrencyCode,
  type StoredValueDetail,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as writes from './card-admin.repo.ts';
import * as repo from './stored-value.repo.ts';
import { cardNotFound, detailOf, findAccount } from './stored-value.service.ts';

type BlockBody = z.output<typeof BlockCardBodySchema>;
type AdjustBody = z.output<typeof AdjustCardBodySchema>;

/** A ledger entry of the owner's, by this scope, now. */
function entryOf(scope: Scope, accountId: string, at: Date, fields: { kind: string; amount: number; balance: number }) {
  return {
    store_id: scope.store.id,
    // Real time, as the sale path's entries (made just before their write).
    id: newOrderedId(),
    account_id: accountId,
    kind: fields.kind,
    amount: fields.amount,
    balance_after: fields.balance,
    sale_id: null,
    refund_id: null,
    user_id: scope.userId,
    device_id: scope.deviceId ?? null,
    client_id: null,
    request_hash: null,
    note: '',
    at: iso(at),
  };
}

/**
 * Blocks a card (lost, stolen) or unblocks it: the status, a BLOCK or UNBLOCK entry of 0 with the
 * balance at that moment and the reason, and the audit event, in one transaction. A card already
 * in that state is answered as it is, with no second entry.
 */
export async function blockCard(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: BlockBody,
): Promise<StoredValueDetail> {
  const { store } = scope;
  const to = body.blocked ? 'BLOCKED' : 'ACTIVE';
  const row = await ctx.db.transaction().execute(async (trx) => {
    const account = await findAccount(trx, store.id, code);
    if (!account) throw cardNotFound();
    if (account.status === to) return account;
    const at = ctx.clock.now();
    const balance = await writes.setStatus(trx, store.id, account.id, account.status, to, iso(at));
    // Changed meanwhile by another request: that one wrote the entry.
    if (balance === null) return account;
    await writes.insertEntry(trx, {
      ...entryOf(scope, account.id, at, { kind: body.blocked ? 'BLOCK' : 'UNBLOCK', amount: 0, balance }),
      note: body.reason,
    });
    await recordAudit(trx, scope, {
      action: body.blocked ? 'CARD_BLOCK' : 'CARD_UNBLOCK',
      entity: 'CARD',
      entityCode: account.code,
      summary: body.reason,
      at,
    });
    return account;
  });
  const after = await repo.accountById(ctx.db, store.id, row.id);
  return detailOf(ctx, scope, after!);
}

/** What an adjustment asks for, in a fixed order: the same clientId with another fingerprint is a reuse. */
function adjustFingerprint(accountId: string, body: AdjustBody): string {
  return createHash('sha256')
    .update(JSON.stringify([accountId, body.amount, body.reason]))
    .digest('base64url');
}

const clientIdReused = () =>
  new AppError(
    409,
    ErrorCode.CLIENT_ID_REUSED,
    'This clientId was already used for a different adjustment. Make a new clientId for a new adjustment.',
  );

function belowZero(balance: number, currency: string): AppError {
  const message = `This adjustment would take the balance below zero: the card holds ${formatMoney(balance, currency as CurrencyCode)}.`;
  return new AppError(409, ErrorCode.INSUFFICIENT_BALANCE, message, [{ field: 'amount', message }]);
}

function tooMuch(currency: string): AppError {
  const message = `A card holds at most ${formatMoney(MAX_STORED_VALUE, currency as CurrencyCode)}.`;
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'amount', message }]);
}

/** A repeated adjustment: the account as it is now when the body is the same, else 409. */
async function replay(ctx: AppContext, scope: Scope, accountId: string, hash: string, clientId: string) {
  const earlier = await writes.entryByClientId(ctx.db, scope.store.id, clientId);
  if (!earlier) return null;
  if (earlier.account_id !== accountId || earlier.request_hash !== hash) throw clientIdReused();
  const row = await repo.accountById(ctx.db, scope.store.id, accountId);
  return detailOf(ctx, scope, row!);
}

/**
 * The owner's correction of a balance: a guarded change (never below zero), an ADJUST entry with
 * the reason and the audit event, in one transaction. Moves no cash: the money is the card's. A
 * retry with the same clientId and body answers the account as it is now, writing nothing.
 */
export async function adjustCard(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: AdjustBody,
): Promise<StoredValueDetail> {
  const { store } = scope;
  const account = await findAccount(ctx.db, store.id, code);
  if (!account) throw cardNotFound();
  const hash = adjustFingerprint(account.id, body);
  const repeated = await replay(ctx, scope, account.id, hash, body.clientId);
  if (repeated) return repeated;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const at = ctx.clock.now();
      const balance = await writes.addToBalance(trx, store.id, account.id, body.amount, iso(at));
      if (balance === null) {
        const now = await repo.accountById(trx, store.id, account.id);
        if (body.amount > 0) throw tooMuch(account.currency);
        throw belowZero(Number(now?.balance ?? 0), account.currency);
      }
      await writes.insertEntry(trx, {
        ...entryOf(scope, account.id, at, { kind: 'ADJUST', amount: body.amount, balance }),
        client_id: body.clientId,
        request_hash: hash,
        note: body.reason,
      });
      await recordAudit(trx, scope, {
        action: 'CARD_ADJUST',
        entity: 'CARD',
        entityCode: account.code,
        summary: `${body.amount > 0 ? '+' : ''}${body.amount} ${body.reason}`,
        amount: body.amount,
        at,
      });
    });
  } catch (error) {
    // The same clientId written at once by another request: answer as its retry.
    if (!isUniqueViolation(error)) throw error;
    const again = await replay(ctx, scope, account.id, hash, body.clientId);
    if (again) return again;
    throw error;
  }
  const after = await repo.accountById(ctx.db, store.id, account.id);
  return detailOf(ctx, scope, after!);
}
