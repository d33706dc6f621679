import { ErrorCode, type ShopTransaction } from '@shopdesk/shared';
import type { TFunction } from '../../../lib/i18n/types.ts';
import type { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import type { SaleCards } from '../payment/payment-types.ts';

/** The cards a stored sale sold (their codes) and what is left on the cards it spent. */
export function saleCards(sale: Pick<ShopTransaction, 'lines' | 'payments'>): SaleCards {
  const giftCards = sale.lines.flatMap((l) => (l.giftCardCode ? [l.giftCardCode] : []));
  const cardsLeft = sale.payments.flatMap((p) =>
    p.method === 'STORED_VALUE' && p.cardCode && typeof p.cardBalance === 'number'
      ? [{ cardCode: p.cardCode, balance: p.cardBalance, storeCredit: p.methodDefaultName === 'STORE_CREDIT' }]
      : [],
  );
  return {
    ...(giftCards.length ? { giftCards } : {}),
    ...(cardsLeft.length ? { cardsLeft } : {}),
  };
}

/**
 * The sentence for a sale the server refused. A card that fell short or became unusable between
 * the lookup and the sale (another till, a block) says what to do; the cart and payment stay.
 */
export function saleRefusalText(t: TFunction, error: ApiRequestError): string {
  const onCard = Object.keys(error.fieldErrors).some((f) => f.endsWith('cardCode'));
  if (error.code === ErrorCode.INSUFFICIENT_BALANCE) return t('counterGiftCard.refused.INSUFFICIENT_BALANCE');
  if (error.code === ErrorCode.CARD_UNAVAILABLE) return t('counterGiftCard.refused.CARD_UNAVAILABLE');
  if (error.status === 404 && onCard) return t('counterGiftCard.refused.UNKNOWN');
  return describeError(t, error);
}
