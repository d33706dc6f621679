import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '../../../lib/notifications.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { discardSale } from '../../../sync/use-sale-queue.ts';
import type { QueuedSale } from '../../../sync/sale-queue-db.ts';
import { useSale } from '../api/parked-sales.ts';
import { cartFromQueued, reopensHeldCart } from '../cart/cart-from-queue.ts';
import type { useCheckout } from './use-checkout.ts';
import { newLineKey, type CounterSale } from './use-counter-sale.ts';

/**
 * Held carts on the counter: putting the cart on hold, reopening one by its address
 * (/{store}/shop/counter/{code}), and opening a sale the server refused as the cart. The cart on
 * screen is always held first, so reopening another never throws a cart away.
 */
export function useHeldCart(
  store: string,
  transactionCode: string | undefined,
  sale: CounterSale,
  checkout: ReturnType<typeof useCheckout>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cart, dispatch, replace, ready, empty, pricing } = sale;
  const { find } = sale.catalog;
  const [parking, setParking] = useState(false);

  // A held cart reopened by its address: load it, unless this device already holds it (with edits).
  // Loaded once per address: after the cart is paid or closed, the cached copy must not come back.
  const parked = useSale(store, transactionCode);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!transactionCode) loadedFor.current = null;
    if (!ready || !transactionCode || !parked.data || loadedFor.current === transactionCode) return;
    loadedFor.current = transactionCode;
    if (parked.data.status !== 'PARKED' || cart.parkedCode === transactionCode) return;
    dispatch({ type: 'load', sale: parked.data, keys: parked.data.lines.map(() => newLineKey()) });
  }, [ready, transactionCode, parked.data, cart.parkedCode, dispatch]);
  // A reopened cart keeps its address, so a reload lands on it again.
  useEffect(() => {
    if (ready && cart.parkedCode && !transactionCode)
      navigate(paths.shopCounter(store, cart.parkedCode), { replace: true });
  }, [ready, cart.parkedCode, transactionCode, navigate, store]);

  /** Back to the counter's own address once the held cart is paid, held again or cleared. */
  const leaveHeldCart = useCallback(() => {
    if (transactionCode) navigate(paths.shopCounter(store), { replace: true });
  }, [transactionCode, navigate, store]);

  const park = useCallback(async () => {
    if (empty || parking) return false;
    setParking(true);
    const result = await checkout.park(cart, pricing.total);
    setParking(false);
    if (!result.ok) {
      notifications.show({ color: 'red', title: t('counter.parkFailed'), message: result.message });
      return false;
    }
    dispatch({ type: 'clear' });
    leaveHeldCart();
    notifications.show({ color: 'teal', message: result.queued ? t('counter.heldQueued') : t('counter.held') });
    return true;
  }, [empty, parking, checkout, cart, pricing.total, dispatch, leaveHeldCart, t]);

  /** Opens the held cart `code`; false when the cart on screen could not be held first. */
  const reopen = useCallback(
    async (code: string) => {
      if (!empty && cart.parkedCode !== code && !(await park())) return false;
      navigate(paths.shopCounter(store, code));
      return true;
    },
    [empty, cart.parkedCode, park, navigate, store],
  );

  // "Open as cart" on a sale the server refused: the cart on screen is held first, the refused sale
  // becomes the cart (and leaves the queue, so it can never be sent twice), and the cashier fixes it.
  const openQueued = useCallback(
    async (entry: QueuedSale) => {
      if (entry.store.toLowerCase() !== store.toLowerCase()) {
        notifications.show({ color: 'blue', message: t('counter.queuedOtherStore', { store: entry.store }) });
        navigate(paths.shopCounter(entry.store));
        return;
      }
      if (entry.request.kind === 'customer' || (!empty && !(await park()))) return;
      const rates = new Map<string, number | null>();
      for (const line of entry.request.body.lines) {
        if (line.code && !rates.has(line.code)) rates.set(line.code, (await find(line.code)).product?.taxRate ?? null);
      }
      replace(cartFromQueued(entry, newLineKey, (code) => rates.get(code) ?? null));
      await discardSale(entry.clientId);
      if (entry.request.kind === 'complete' && reopensHeldCart(entry))
        navigate(paths.shopCounter(store, entry.request.code));
    },
    [store, empty, park, find, replace, navigate, t],
  );

  // The address names a sale that is no longer held (completed here or on another device).
  const completed = transactionCode && parked.data && parked.data.status !== 'PARKED' ? parked.data : null;
  const loadError = parked.isError && transactionCode ? parked.error : null;

  return { parking, park, reopen, openQueued, leaveHeldCart, completed, loadError };
}
