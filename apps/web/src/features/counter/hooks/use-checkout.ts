import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { SaleRateInput, TenderInput } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { submitSale, type SubmitSaleResult } from '../../../sync/submit-sale.ts';
import { toSaleLines, type Cart } from '../cart/cart.ts';
import { counterKeys } from '../api/keys.ts';
import { updateParkedSale } from '../api/parked-sales.ts';
import { tillActors } from '../../../lib/till/till-state.ts';

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
 * the queue and a retry send the same one, and the server stores the sale once.
 */
export function useCheckout(store: string, currency: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useRef<string | null>(null);
  const approver = useRef<string | undefined>(undefined);

  /**
   * A new payment attempt: the payment dialog opened on a cart; `approvedBy`, the member who
   * approved what the member on the till may not give (a discount above their maximum).
   */
  const beginPayment = useCallback((approvedBy?: string) => {
    attempt.current = crypto.randomUUID();
    approver.current = approvedBy;
  }, []);

  const outcome = useCallback(
    (result: SubmitSaleResult): { ok: true; queued: boolean; code: string | null } | { ok: false; message: string } => {
      if (result.kind === 'refused') return { ok: false, message: describeError(t, result.error) };
      void queryClient.invalidateQueries({ queryKey: counterKeys.sales(store) });
      return result.kind === 'stored'
        ? { ok: true, queued: false, code: result.sale.code }
        : { ok: true, queued: true, code: null };
    },
    [queryClient, store, t],
  );

  /**
   * Completes the sale with `tenders` (none when nothing is due). It carries this device's time of
   * the sale and, for a second-currency tender, the rate the dialog showed: a sale synced later
   * keeps both. Completing a held cart carries the attempt's clientId too, so a resend is answered
   * with the first result and another device's completion is told apart.
   */
  const pay = useCallback(
    async (cart: Cart, total: number, tenders: TenderInput[], shownRate: SaleRateInput | null = null) => {
      const clientId = attempt.current ?? crypto.randomUUID();
      attempt.current = clientId;
      const foreign = tenders.some((t) => t.currency !== currency);
      const content = {
        clientId,
        status: 'COMPLETED' as const,
        lines: toSaleLines(cart),
        discount: cart.discount,
        payments: tenders,
        soldAt: new Date().toISOString(),
        ...(foreign && shownRate ? { rate: shownRate } : {}),
        // On a till: the member unlocked there sells under their own name (product.md §2).
        ...tillActors(store, approver.current),
      };
      try {
        const result = await submitSale(
          store,
          cart.parkedCode
            ? { kind: 'complete', code: cart.parkedCode, body: content }
            : { kind: 'create', body: content },
          { preview: preview(cart, currency, total) },
        );
        // A refused attempt is over: the cashier changes the cart or the payment and tries anew.
        if (result.kind === 'refused') attempt.current = null;
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
        ...tillActors(store),
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

  return { beginPayment, pay, park };
}
