import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { del, get, set } from 'idb-keyval';
import { useDeviceOwner } from '../../../lib/device-owner.ts';
import { registerUpdateFlush } from '../../../lib/update-guard.ts';
import { cartReducer, emptyCart, type Cart, type CartAction } from '../cart/cart.ts';

/** One cart per user (or till) and store, so switching stores or users never mixes two shops' carts. */
const cartKey = (userId: string, store: string) => `counter-cart:${userId}:${store.toLowerCase()}`;

/** An empty cart (not held, no customer) is removed rather than stored. */
function save(key: string, cart: Cart): Promise<void> {
  return cart.lines.length === 0 && !cart.parkedCode && !cart.customer
    ? del(key)
    : set(key, { ...cart, removed: null });
}

type Action = CartAction | { type: 'restore'; cart: Cart };

function reducer(cart: Cart, action: Action): Cart {
  return action.type === 'restore' ? action.cart : cartReducer(cart, action);
}

/**
 * The counter's cart, kept in IndexedDB as it changes: a reload, a crash of the tab or an app
 * update never loses what the cashier has rung up. `ready` is false until the saved cart is read,
 * so a scan in the first instant is not overwritten by the restore (it waits on the page).
 */
export function usePersistentCart(store: string) {
  const userId = useDeviceOwner() ?? 'anonymous';
  const [cart, dispatch] = useReducer(reducer, emptyCart);
  const [ready, setReady] = useState(false);
  const key = cartKey(userId, store);
  const restoredKey = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setReady(false);
    get<Cart>(key)
      .catch(() => undefined)
      .then((saved) => {
        if (cancelled) return;
        dispatch({
          type: 'restore',
          cart: saved && Array.isArray(saved.lines) ? { ...saved, removed: null } : emptyCart,
        });
        restoredKey.current = key;
        setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [key]);

  const latest = useRef({ cart, key, ready });
  useEffect(() => {
    latest.current = { cart, key, ready };
    if (!ready || restoredKey.current !== key) return;
    // Written on every change; IndexedDB failing (private mode, quota) must not stop a sale.
    save(key, cart).catch(() => undefined);
  }, [cart, key, ready]);
  // Before the app reloads into a new version, the cart on screen is written once more and the
  // reload waits for it: IndexedDB runs writes to one store in order, so every earlier write
  // (one an effect has not started yet included) is in when this one is.
  useEffect(
    () =>
      registerUpdateFlush(async () => {
        const { cart, key, ready } = latest.current;
        if (ready && restoredKey.current === key) await save(key, cart);
      }),
    [],
  );

  /** Puts a whole cart in place of this one (a refused offline sale opened again). */
  const replace = useCallback((next: Cart) => dispatch({ type: 'restore', cart: next }), []);
  return { cart, dispatch: dispatch as (action: CartAction) => void, replace, ready };
}
