import { ErrorCode, type CurrencyCode, type ShopTransaction } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ShopTendersTable, StoredValueAccountsTable } from '../../db/types.ts';
import { AppError } from '../../core/errors.ts';
import { applyStoredValueRefund, creditOfCustomer, newCardCode } from '../stored-value/index.ts';
import { namedTenderColumns } from './named-tenders.ts';

/**
 * A refund's gift cards and store credit (product.md §5 "Gift cards and store credit"), in plain
 * data for the refund's write task (refund-write.ts). Three rules, so no balance is ever paid out
 * in cash: what the sale took from cards goes back to those cards first, before any money; a gift
 * card the sale sold is taken back off its card (only while unused: a card spent since makes the
 * refund a 409); and with `toStoreCredit` the rest goes into the customer's store credit, never
 * into the till.
 */

type TenderRow = Omit<ShopTendersTable, 'store_id' | 'transaction_id' | 'refund_id'>;

export interface StoredValueToRefund {
  currency: CurrencyCode;
  /** The sale's STORED_VALUE tenders in its order: their card, what they paid, their method's label. */
  cards: { code: string; paid: number; named: ReturnType<typeof namedTenderColumns> }[];
  /** The customer's store credit to pay the rest into; null: the rest goes back as money. */
  credit: { customerId: string; open: StoredValueAccountsTable } | null;
  /** Ids made on the caller's thread (a write task may run twice): tender rows and entries. */
  ids: { tenders: string[]; entries: string[] };
  userId: string;
  deviceId: string | null;
  at: string;
}

/** The plan for a refund of `sale`: null when the sale took no card and the refund pays into no credit. */
export function storedValueToRefund(
  sale: ShopTransaction,
  toStoreCredit: boolean,
  newId: () => string,
  meta: { storeId: string; userId: string; deviceId: string | null; at: string },
): StoredValueToRefund | null {
  const cards = sale.payments.flatMap((p) =>
    p.method === 'STORED_VALUE' && p.cardCode
      ? [
          {
            code: p.cardCode,
            paid: p.applied,
            named: namedTenderColumns(
              {
                label: {
                  methodId: p.methodId ?? 'GIFT_CARD',
                  name: null,
                  defaultName: p.methodDefaultName ?? 'GIFT_CARD',
                  kind: 'VOUCHER',
                },
                reference: null,
              },
              'STORED_VALUE',
            ),
          },
        ]
      : [],
  );
  const soldCards = sale.lines.filter((l) => l.giftCardCode).length;
  if (toStoreCredit && !sale.customer) {
    const message = 'Only a sale with a customer can be refunded to store credit.';
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'toStoreCredit', message }]);
  }
  if (cards.length === 0 && soldCards === 0 && !toStoreCredit) return null;
  const credit =
    toStoreCredit && sale.customer
      ? {
          customerId: sale.customer.id,
          open: {
            store_id: meta.storeId,
            id: newId(),
            kind: 'STORE_CREDIT',
            code: newCardCode(),
            customer_id: sale.customer.id,
            currency: sale.currency,
            balance: 0,
            issued: 0,
            // Store credit is the customer's money returned: it does not expire.
            expires_at: null,
            status: 'ACTIVE',
            sale_id: null,
            created_at: meta.at,
            updated_at: meta.at,
            last_used_at: null,
            created_by: meta.userId,
          },
        }
      : null;
  const moves = cards.length + (credit ? 1 : 0);
  return {
    currency: sale.currency,
    cards,
    credit,
    ids: {
      tenders: Array.from({ length: moves }, newId),
      entries: Array.from({ length: moves + soldCards }, newId),
    },
    userId: meta.userId,
    deviceId: meta.deviceId,
    at: meta.at,
  };
}

/** What the write did: the tender rows of the money back to cards and credit, and what is left for money. */
export interface StoredValueRefunded {
  tenders: TenderRow[];
  /** The part of the refund still to give back by the refund's own tenders (cash, card…). */
  rest: number;
}

function conflict(message: string): AppError {
  return new AppError(409, ErrorCode.CONFLICT, message);
}

/**
 * In the refund's transaction, after its lines were taken: the sold cards taken back (each
 * `{code, amount}` of a refunded gift card line), then `amount` back to the sale's cards in order up
 * to what each paid less what earlier refunds gave back to it, then with store credit the rest into
 * it. Throws a 409 when a sold card was spent since.
 */
export async function refundStoredValue(
  trx: DbOrTx,
  storeId: string,
  refund: { id: string; amount: number },
  soldCards: { code: string; amount: number }[],
  plan: StoredValueToRefund,
  backBefore: Map<string, number>,
): Promise<StoredValueRefunded> {
  const entryIds = [...plan.ids.entries];
  const tenderIds = [...plan.ids.tenders];
  const take = (list: string[]) => {
    const id = list.shift();
    if (!id) throw new Error('refund stored-value id missing');
    return id;
  };
  const entry = (amount: number) => ({
    store_id: storeId,
    id: take(entryIds),
    kind: 'REFUND',
    amount,
    sale_id: null,
    refund_id: refund.id,
    user_id: plan.userId,
    device_id: plan.deviceId,
    client_id: null,
    request_hash: null,
    note: '',
    at: plan.at,
  });
  for (const sold of soldCards) {
    if (sold.amount <= 0) continue;
    const after = await applyStoredValueRefund(trx, storeId, {
      code: sold.code,
      open: null,
      amount: -sold.amount,
      entry: entry(-sold.amount),
    });
    if (after === null) {
      throw conflict(
        'A gift card this sale sold was already used: it can no longer be refunded. Refund the other items.',
      );
    }
  }
  const tenders: TenderRow[] = [];
  const row = (code: string, amount: number, balance: number, named: StoredValueToRefund['cards'][number]['named']) =>
    tenders.push({
      id: take(tenderIds),
      position: tenders.length,
      method: 'STORED_VALUE',
      currency: plan.currency,
      amount,
      applied: amount,
      change: 0,
      change_in_main: 0,
      change_currency: null,
      ...named,
      card_code: code,
      card_balance: balance,
    });
  let left = refund.amount;
  const given = new Map(backBefore);
  for (const card of plan.cards) {
    const room = card.paid - (given.get(card.code) ?? 0);
    const back = Math.min(room, left);
    if (back <= 0) continue;
    const balance = await applyStoredValueRefund(trx, storeId, {
      code: card.code,
      open: null,
      amount: back,
      entry: entry(back),
    });
    if (balance === null) throw new Error('a card the sale was paid with is gone');
    row(card.code, back, balance, card.named);
    given.set(card.code, (given.get(card.code) ?? 0) + back);
    left -= back;
  }
  if (plan.credit && left > 0) {
    const existing = await creditOfCustomer(trx, storeId, plan.credit.customerId);
    const code = existing?.code ?? plan.credit.open.code;
    const balance = await applyStoredValueRefund(trx, storeId, {
      code,
      open: existing ? null : plan.credit.open,
      amount: left,
      entry: entry(left),
    });
    if (balance === null) throw new Error('store credit could not be opened');
    const named = namedTenderColumns(
      {
        label: { methodId: 'STORE_CREDIT', name: null, defaultName: 'STORE_CREDIT', kind: 'VOUCHER' },
        reference: null,
      },
      'STORED_VALUE',
    );
    row(code, left, balance, named);
    left = 0;
  }
  return { tenders, rest: left };
}

/** What earlier refunds of the sale gave back to each card (refund tenders of method STORED_VALUE). */
export async function givenBackToCards(trx: DbOrTx, storeId: string, saleId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('shop_tenders')
    .select(['card_code', 'applied'])
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', saleId)
    .where('refund_id', 'is not', null)
    .where('method', '=', 'STORED_VALUE')
    .execute();
  const back = new Map<string, number>();
  for (const r of rows) if (r.card_code) back.set(r.card_code, (back.get(r.card_code) ?? 0) + Number(r.applied));
  return back;
}
