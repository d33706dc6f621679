import { ErrorCode, isMemberCode, sixMonthExpiry, type StoredValueKind, type TenderInput } from '@shopdesk/shared';
import type { ShopTendersTable, StoreRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import {
  accountByCodeQuery,
  creditByMemberCodeQuery,
  newCardCode,
  storedValueSettingsOf,
  type StoredValueSaleWrite,
  type StoredValueSpend,
} from '../stored-value/index.ts';
import type { NamedTender } from './named-tenders.ts';
import type { PricedSale, SaleBody } from './sale-pricer.ts';

/**
 * A sale's gift cards and store credit (product.md §5 "Gift cards and store credit"): the cards its
 * gift card lines sell and the cards its STORED_VALUE tenders spend, checked now for a clear
 * refusal (unknown, blocked, expired, short) and written by sale-write.ts in the sale's own
 * transaction, where a guarded decrement decides: two tills can never spend one balance twice, and
 * a retry of the sale (its clientId claimed) spends nothing.
 */

export interface SaleStoredValue {
  /** Each line's gift card code (null: not a gift card line; '': a held cart's, not numbered yet), in the sale's order. */
  lineCodes: (string | null)[];
  /** The settled tenders' methods, a STORED_VALUE tender's named after its account's kind. */
  named: NamedTender[];
  /** Each settled tender's card code (null: not a STORED_VALUE tender). */
  tenderCodes: (string | null)[];
  /** The cards sold and spent (none for a held cart); `storedValueWrite` adds the tender rows' ids. */
  write: Omit<StoredValueSaleWrite, 'spends'> & { spends: (Omit<StoredValueSpend, 'tenderId'> & { tender: number })[] };
}

type Account = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

/** The card of this code, or the store credit of the customer with this member code. */
async function readAccount(ctx: AppContext, storeId: string, code: string) {
  const account = await ctx.readFirst(accountByCodeQuery, storeId, code);
  if (account || !isMemberCode(code)) return account;
  return ctx.readFirst(creditByMemberCodeQuery, storeId, code);
}

function refusal(status: 400 | 404 | 409, code: ErrorCode, field: string, message: string): AppError {
  return new AppError(status, code, message, [{ field, message }]);
}

/** 409 when the write's guard found the card short (another till spent it, or it was blocked meanwhile). */
export function cardShort(): AppError {
  // One fixed sentence (the web translates it); the dialog shows which card and its balance.
  const message =
    'This card no longer holds enough for this payment (it was used or blocked meanwhile). Check its balance and take the payment again.';
  return new AppError(409, ErrorCode.INSUFFICIENT_BALANCE, message, [{ field: 'payments', message }]);
}

export function cardCodeTaken(): AppError {
  const message = 'This gift card is already in use. Scan a new card, or sell one without a code.';
  return new AppError(409, ErrorCode.CONFLICT, message, [{ field: 'lines', message }]);
}

/** Why an account cannot pay today, or null. */
function unusable(account: Account, businessDate: string, field: string): AppError | null {
  const what = account.kind === 'STORE_CREDIT' ? 'This store credit' : 'This gift card';
  if (account.status !== 'ACTIVE')
    return refusal(409, ErrorCode.CARD_UNAVAILABLE, field, `${what} is blocked. Ask the shop’s owner.`);
  if (account.expires_at !== null && account.expires_at < businessDate)
    return refusal(409, ErrorCode.CARD_UNAVAILABLE, field, `${what} has expired.`);
  return null;
}

/**
 * The STORED_VALUE tenders' accounts, each checked: one of the store's, in its currency, active,
 * not past its last day, holding what the sale's tenders on it take together.
 */
async function spendsOf(
  ctx: AppContext,
  store: StoreRow,
  tenders: readonly (TenderInput & { applied: number })[],
  businessDate: string,
  field: string,
): Promise<Map<number, Account>> {
  const byTender = new Map<number, Account>();
  const taken = new Map<string, number>();
  for (const [i, t] of tenders.entries()) {
    if (t.method !== 'STORED_VALUE' || !t.cardCode) continue;
    const at = `${field}.${i}.cardCode`;
    if (t.currency !== store.main_currency) {
      throw refusal(
        400,
        ErrorCode.VALIDATION_ERROR,
        `${field}.${i}.currency`,
        'A gift card pays in the store’s main currency.',
      );
    }
    const account = await readAccount(ctx, store.id, t.cardCode);
    if (!account) throw refusal(404, ErrorCode.NOT_FOUND, at, 'There is no gift card or store credit with this code.');
    const problem = unusable(account, businessDate, at);
    if (problem) throw problem;
    const total = (taken.get(account.code) ?? 0) + t.applied;
    if (total > Number(account.balance)) {
      const message = 'This card does not hold enough for this payment: take the rest another way.';
      throw refusal(409, ErrorCode.INSUFFICIENT_BALANCE, at, message);
    }
    taken.set(account.code, total);
    byTender.set(i, account);
  }
  return byTender;
}

/** A STORED_VALUE tender's method: gift card or store credit, by its account. */
function namedAfter(kind: StoredValueKind): NamedTender {
  return { label: { methodId: kind, name: null, defaultName: kind, kind: 'VOUCHER' }, reference: null };
}

/** The codes of the cards the gift card lines sell: scanned ones checked free, new ones made. */
async function lineCodesOf(ctx: AppContext, store: StoreRow, body: SaleBody, completed: boolean) {
  const scanned = new Set<string>();
  const codes: (string | null)[] = [];
  for (const [i, line] of body.lines.entries()) {
    if (!line.giftCard) {
      codes.push(null);
      continue;
    }
    const code = line.giftCard.code;
    if (code === undefined) {
      // A held cart keeps '' (a gift card line, numbered when the cart is completed).
      codes.push(completed ? newCardCode() : '');
      continue;
    }
    if (isMemberCode(code)) {
      const message = 'This is a member card, not a gift card.';
      throw refusal(400, ErrorCode.VALIDATION_ERROR, `lines.${i}.giftCard.code`, message);
    }
    if (scanned.has(code)) {
      throw refusal(
        400,
        ErrorCode.VALIDATION_ERROR,
        `lines.${i}.giftCard.code`,
        'The same card is in this sale twice.',
      );
    }
    scanned.add(code);
    if (await readAccount(ctx, store.id, code)) throw cardCodeTaken();
    codes.push(code);
  }
  return codes;
}

/**
 * What the sale does to stored value. Refuses (AppError) a card that cannot pay, and a scanned card
 * already in use; the guards in the write decide again against concurrent sales.
 */
export async function saleStoredValue(
  ctx: AppContext,
  store: StoreRow,
  body: SaleBody,
  sale: PricedSale,
  meta: { userId: string; deviceId: string | null; saleId: string; at: string; now: string; businessDate: string },
): Promise<SaleStoredValue> {
  const completed = body.status === 'COMPLETED';
  const lineCodes = await lineCodesOf(ctx, store, body, completed);
  const settled = sale.settlement?.tenders ?? [];
  const field = body.payment ? 'payment' : 'payments';
  const accounts = completed
    ? await spendsOf(ctx, store, settled, meta.businessDate, field)
    : new Map<number, Account>();
  const named = sale.named.map((n, i) => {
    const account = accounts.get(i);
    return account ? namedAfter(account.kind as StoredValueKind) : n;
  });
  const tenderCodes = settled.map((_, i) => accounts.get(i)?.code ?? null);
  const entry = (kind: 'ISSUE' | 'REDEEM', amount: number) => ({
    store_id: store.id,
    id: newOrderedId(),
    kind,
    amount,
    sale_id: meta.saleId,
    refund_id: null,
    user_id: meta.userId,
    device_id: meta.deviceId,
    client_id: null,
    request_hash: null,
    note: '',
    at: meta.at,
  });
  const spends = [...accounts.entries()]
    .map(([tender, account]) => ({
      tender,
      code: account.code,
      amount: settled[tender]?.applied ?? 0,
      businessDate: meta.businessDate,
      at: meta.at,
      now: meta.now,
      entry: entry('REDEEM', -(settled[tender]?.applied ?? 0)),
    }))
    // Code order: two sales spending the same cards lock them in one order.
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.tender - b.tender));
  const expiresAt = storedValueSettingsOf(store).expireAfterSixMonths ? sixMonthExpiry(meta.businessDate) : null;
  const sold = completed
    ? body.lines.flatMap((line, i) => {
        const code = lineCodes[i];
        if (!line.giftCard || !code) return [];
        const id = newOrderedId();
        const amount = line.giftCard.amount;
        return [
          {
            account: {
              store_id: store.id,
              id,
              kind: 'GIFT_CARD',
              code,
              customer_id: null,
              currency: store.main_currency,
              balance: amount,
              issued: amount,
              expires_at: expiresAt,
              status: 'ACTIVE',
              sale_id: meta.saleId,
              created_at: meta.at,
              updated_at: meta.now,
              last_used_at: null,
              created_by: meta.userId,
            },
            issue: { ...entry('ISSUE', amount), account_id: id, balance_after: amount },
          },
        ];
      })
    : [];
  return {
    lineCodes,
    named,
    tenderCodes,
    write: { spends, accounts: sold.map((s) => s.account), issues: sold.map((s) => s.issue) },
  };
}

/** The write with each spend's tender row id: null when the sale touches no card. */
export function storedValueWrite(stored: SaleStoredValue, tenders: ShopTendersTable[]): StoredValueSaleWrite | null {
  const { spends, accounts, issues } = stored.write;
  if (spends.length === 0 && accounts.length === 0) return null;
  return {
    accounts,
    issues,
    spends: spends.map(({ tender, ...spend }) => {
      const row = tenders[tender];
      if (!row) throw new Error('stored-value tender row missing');
      return { ...spend, tenderId: row.id };
    }),
  };
}
