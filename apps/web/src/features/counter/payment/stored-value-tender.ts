import { isMemberCode, maskCardCode, type StoredValueAccount, type TenderInput } from '@shopdesk/shared';
import type { TFunction } from '../../../lib/i18n/types.ts';

/**
 * A gift card or store credit taken as a tender (issue 43): the payment dialog's pseudo-methods and
 * the rules it checks before the server does (which decides again, with a guarded decrement).
 */

/** The payment dialog's ids of the two card "methods" (a store's own method ids are never these). */
export const GIFT_CARD_ID = 'stored-value:gift-card';
export const STORE_CREDIT_ID = 'stored-value:store-credit';
export const STORED_VALUE_IDS: readonly string[] = [GIFT_CARD_ID, STORE_CREDIT_ID];

/** A card as the counter saw it when looked up. */
export interface CardAtCounter extends Pick<
  StoredValueAccount,
  'kind' | 'code' | 'currency' | 'balance' | 'expiresAt' | 'status'
> {
  /** The code the tender names: the card's, or the customer's member code for their store credit. */
  payCode: string;
}

export type CardProblem = 'LOOKUP' | 'BLOCKED' | 'EXPIRED' | 'EMPTY' | 'CURRENCY';

/** This device's date as YYYY-MM-DD: a card is usable through its `expiresAt` day. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the card still holds for this payment: its balance less the tenders already taken from it. */
export function cardAvailable(card: Pick<CardAtCounter, 'balance' | 'payCode'>, tenders: readonly TenderInput[]) {
  const taken = tenders
    .filter((t) => t.method === 'STORED_VALUE' && t.cardCode === card.payCode)
    .reduce((sum, t) => sum + t.amount, 0);
  return Math.max(0, card.balance - taken);
}

/** Why the card cannot pay now, or null. */
export function cardProblem(
  card: CardAtCounter | null,
  available: number,
  mainCurrency?: string,
  today: string = todayLocal(),
): CardProblem | null {
  if (!card) return 'LOOKUP';
  if (card.status !== 'ACTIVE') return 'BLOCKED';
  if (card.expiresAt !== null && card.expiresAt < today) return 'EXPIRED';
  if (mainCurrency !== undefined && card.currency !== mainCurrency) return 'CURRENCY';
  if (available <= 0) return 'EMPTY';
  return null;
}

/** A card tender's name as the cashier reads it: "Gift card •••• 3456", or "Store credit" for a member code. */
export function storedValueName(t: TFunction, cardCode: string | undefined): string {
  if (cardCode && isMemberCode(cardCode)) return t('paymentMethods.names.storeCredit');
  const name = t('paymentMethods.names.giftCard');
  return cardCode ? `${name} ${maskCardCode(cardCode)}` : name;
}
