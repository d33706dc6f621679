import { useCallback, useRef } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Approval, SaleRateInput, TenderInput } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { submitSale, type SubmitSaleResult } from '../../../sync/submit-sale.ts';
import { sellsGiftCard, toSaleLines, type Cart } from '../cart/cart.ts';
import { counterKeys } from '../api/keys.ts';
import { updateParkedSale } from '../api/parked-sales.ts';
import type { SaleCards } from '../payment/payment-types.ts';
import { saleCards, saleRefusalText } from '../stored-value/sale-cards.ts';

export type ParkOutcome = { ok: true; queued: boolean } | { ok: false; message: string };

function preview(cart: Cart, currency: string, total: number) {
  return {
    currency,
    total,
    lines: cart.lines.map((l) => ({ name: l.name, quantity: l.quantity, ...(l.unit ? { unit: l.unit } : {}) })),
  };
}

/**
 * Turns the cart into a sale: every completed sale (and every new held cart) goes through the
 * device's sale queue, which writes it to IndexedDB before anything else, so the counter can say
 * "done" the moment that write is committed, online or not. One `clientId` per payment attempt:
 * the queue and a retry send the same one, and the server stores the sale once. On a till the
 * member who sells is the one the request's X-Till-Member names (the API client sends it; the
 * queue keeps it with a sale made offline), so no body names them.
 */
export function useCheckout(store: string, currency: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useRef<string | null>(null);
  /**
   * The time of the attempt's first send: an unanswered online-only sale sent again is the same
   * request (the same clientId and body), so the server answers its first result, never a 409.
   */
  const attemptSoldAt = useRef<{ clientId: string; soldAt: string } | null>(null);
  const approval = useRef<Approval | undefined>(undefined);

  /**
   * A new payment attempt on the cart: answers its clientId, which an approval asked for it is
   * bound to (product.md §2, manager approval).
   */
  const beginPayment = useCallback(() => {
    attempt.current = crypto.randomUUID();
    approval.current = undefined;
    return attempt.current;
  }, []);

  /** What the member on the till may not give in this attempt (a discount above their maximum) was approved. */
  const approve = useCallback((given: Approval) => {
    approval.current = given;
  }, []);

  const outcome = useCallback(
    (
      result: SubmitSaleResult,
    ): ({ ok: true; queued: boolean; code: string | null } & SaleCards) | { ok: false; message: string } => {
      if (result.kind === 'refused') return { ok: false, message: saleRefusalText(t, result.error) };
      if (result.kind === 'needsConnection')
        return { ok: false, message: t(`counterGiftCard.needsConnection.${result.why}`) };
      void queryClient.invalidateQueries({ queryKey: counterKeys.sales(store) });
      return result.kind === 'stored'
        ? { ok: true, queued: false, code: result.sale.code, ...saleCards(result.sale) }
        : { ok: true, queued: true, code: null };
    },
    [queryClient, store, t],
  );

  /**
   * Completes the sale with `tenders` (none when nothing is due). It carries this device's time of
   * the sale and, for a second-currency tender, the rate the dialog showed: a sale synced later
   * keeps both. Completing a held cart carries the attempt's clientId too, so a resend is answered
   * with the first result and another device's completion is told apart. The cart's customer and
   * the points used go with it; a sale made offline says so (its redemption is then kept even if
   * the balance fell meanwhile on another device).
   */
  const pay = useCallback(
    async (
      cart: Cart,
      total: number,
      tenders: TenderInput[],
      shownRate: SaleRateInput | null = null,
      pointsRedeemed = 0,
    ) => {
      const clientId = attempt.current ?? crypto.randomUUID();
      attempt.current = clientId;
      if (attemptSoldAt.current?.clientId !== clientId) {
        attemptSoldAt.current = { clientId, soldAt: new Date().toISOString() };
      }
      const foreign = tenders.some((t) => t.currency !== currency);
      const content = {
        clientId,
        status: 'COMPLETED' as const,
        lines: toSaleLines(cart),
        discount: cart.discount,
        payments: tenders,
        soldAt: attemptSoldAt.current.soldAt,
        ...(foreign && shownRate ? { rate: shownRate } : {}),
        ...(approval.current ? { approval: approval.current } : {}),
        ...(cart.customer ? { customerId: cart.customer.id } : {}),
        ...(cart.customer && pointsRedeemed > 0 ? { pointsRedeemed } : {}),
        ...(onlineManager.isOnline() ? {} : { offline: true }),
      };
      try {
        const result = await submitSale(
          store,
          cart.parkedCode
            ? { kind: 'complete', code: cart.parkedCode, body: content }
            : { kind: 'create', body: content },
          {
            preview: preview(cart, currency, total),
            // A card spent or sold is the server's to decide now: such a sale is never left in the queue.
            onlineOnly: sellsGiftCard(cart) || tenders.some((x) => x.method === 'STORED_VALUE'),
          },
        );
        // A refused attempt is over: the cashier changes the cart or the payment and tries anew.
        // One that carries an approval keeps its clientId, which the approval is bound to (nothing
        // was stored, so the same id with another payment is no conflict).
        // Unanswered (needsConnection), the server may hold it: a retry keeps the clientId, so it
        // is never stored (nor a card spent) twice.
        if (result.kind === 'refused' && !approval.current) attempt.current = null;
        return outcome(result);
      } catch (e) {
        // IndexedDB itself failed (storage full, private mode): the sale is not safe anywhere yet.
        return { ok: false as const, message: describeError(t, e) };
      }
    },
    [store, currency, outcome, t],
  );

  /** Puts the cart on hold: a new held cart through the queue, a reopened one saved again. */
  const park = useCallback(
    async (cart: Cart, total: number): Promise<ParkOutcome> => {
      const content = {
        status: 'PARKED' as const,
        lines: toSaleLines(cart),
        discount: cart.discount,
        soldAt: new Date().toISOString(),
      };
      try {
        if (cart.parkedCode) {
          await updateParkedSale(store, cart.parkedCode, content);
          void queryClient.invalidateQueries({ queryKey: counterKeys.sales(store) });
          return { ok: true, queued: false };
        }
        const result = await submitSale(
          store,
          { kind: 'create', body: { clientId: crypto.randomUUID(), ...content } },
          { preview: preview(cart, currency, total) },
        );
        return outcome(result);
      } catch (e) {
        return { ok: false, message: describeError(t, e) };
      }
    },
    [store, currency, outcome, queryClient, t],
  );

  return { beginPayment, approve, pay, park };
}
