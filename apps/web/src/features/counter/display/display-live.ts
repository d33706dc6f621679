import {
  displayChannelName,
  SUPPORTED_LOCALES,
  type DisplayState,
  type DisplayStore,
  type ReceiptTemplate,
} from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { fileDataPath } from '../../../lib/file-path.ts';
import { useSession } from '../../../lib/session-store.ts';
import { counterTaxOptions, priceCart, type Cart } from '../cart/cart.ts';
import { pairedIds, setPairedIds } from './display-settings.ts';
import { DisplayPublisher } from './display-publisher.ts';
import { displayStateOf, sameShown, type CounterPhase } from './display-state.ts';
import type { DisplayFeed } from './display-feed.ts';

/**
 * The store's receipt logo, when its template shows one, as an object URL: the file route needs the
 * session, and a `blob:` URL of this page is drawn by the second window too (same origin) while the
 * counter lives. A paired display gets the logo from its own public route instead. Best effort: no
 * logo is no error.
 */
const logos = new Map<string, string | null>();
function loadLogo(store: string, loaded: () => void): void {
  if (logos.has(store)) return;
  logos.set(store, null);
  void secureApi
    .request<ReceiptTemplate>(`/api/secure/virtual-store/${encodeURIComponent(store)}/receipt-template`, { store })
    .then(async (template) => {
      if (!template.showLogo || !template.logoUploaded) return;
      const image = await secureApi.blob(fileDataPath(store, template.logoImageId), { store });
      logos.set(store, URL.createObjectURL(image));
      loaded();
    })
    .catch(() => undefined);
}

/** The store's side of the display: its name and currencies from the session, its logo once loaded. */
function displayStore(store: string): DisplayStore {
  const { virtualStore: vs, userLocale } = useSession.getState();
  return {
    name: (vs?.name ?? '').slice(0, 200),
    logoUrl: logos.get(store) ?? null,
    locale: SUPPORTED_LOCALES.find((l) => l === userLocale) ?? 'en-US',
    mainCurrency: vs?.mainCurrency ?? 'USD',
    secondCurrency: vs?.secondCurrency ?? null,
  };
}

/** The second window's channel (none in a browser without BroadcastChannel). */
function channelOf(store: string) {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(displayChannelName(store));
  return {
    post: (message: unknown) => channel.postMessage(message),
    listen: (onMessage: (data: unknown) => void) => channel.addEventListener('message', (e) => onMessage(e.data)),
    close: () => channel.close(),
  };
}

function publisherFor(store: string): DisplayPublisher {
  return new DisplayPublisher(() => displayStore(store), {
    channel: channelOf(store),
    put: (id, state) =>
      secureApi.request<void>(`/api/secure/display/pair/${encodeURIComponent(id)}/state`, {
        method: 'PUT',
        body: state,
        store,
      }),
    pairs: () => pairedIds(store),
    drop: (id) =>
      setPairedIds(
        store,
        pairedIds(store).filter((x) => x !== id),
      ),
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    later: (retry) => {
      const timer = setTimeout(retry, 10_000);
      return () => clearTimeout(timer);
    },
  });
}

interface Live {
  publisher: DisplayPublisher;
  seq: number;
  last: DisplayState | null;
  /** The cart being paid: the counter empties its own once the sale is safe, the display still shows it. */
  saleCart: Cart | null;
}
const live = new Map<string, Live>();

function phaseOf(feed: DisplayFeed): CounterPhase {
  const p = feed.progress;
  if (feed.paying && p?.paid) {
    return {
      kind: 'paid',
      tendered: p.tendered,
      change: p.paid.change,
      code: p.paid.code,
      pointsRedeemed: p.pointsRedeemed,
    };
  }
  if (feed.paying) return { kind: 'payment', tendered: p?.tendered ?? [], pointsRedeemed: p?.pointsRedeemed ?? 0 };
  return { kind: 'sale' };
}

/** Shows the counter's sale on its displays, when what they show changes. */
export function showOnDisplay(store: string, feed: DisplayFeed): void {
  let l = live.get(store);
  if (!l) {
    const publisher = publisherFor(store);
    live.set(store, (l = { publisher, seq: Date.now(), last: null, saleCart: null }));
    loadLogo(store, () => publisher.resend());
  }
  const phase = phaseOf(feed);
  if (feed.cart.lines.length) l.saleCart = feed.cart;
  else if (phase.kind === 'sale') l.saleCart = null;
  const cart = feed.cart.lines.length || !l.saleCart ? feed.cart : l.saleCart;
  const vs = useSession.getState().virtualStore;
  const pointsDiscount = phase.kind === 'sale' ? 0 : phase.pointsRedeemed * feed.loyalty.pointValue;
  const pricing = priceCart(cart, vs?.taxMode ?? 'NONE', vs?.defaultTaxRate ?? 0, {
    ...counterTaxOptions(vs ?? null),
    pointsDiscount,
  });
  const view = { cart, pricing, taxMode: vs?.taxMode ?? 'NONE', context: feed.context, loyalty: feed.loyalty, phase };
  const state = displayStateOf(view, l.seq + 1);
  if (l.last && sameShown(l.last, state)) return;
  l.seq += 1;
  l.last = state;
  l.publisher.publish(state);
}

/** A display was paired: it gets the newest state at once. */
export function resendDisplay(store: string): void {
  live.get(store)?.publisher.resend();
}

/** The display was switched off on this device. */
export function stopDisplay(store: string): void {
  live.get(store)?.publisher.close();
  live.delete(store);
}
