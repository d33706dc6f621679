import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCIES,
  isMemberCode,
  labelProductCodes,
  lineFromLabel,
  scanWithRules,
  type CurrencyCode,
  type LabelLine,
  type TaxMode,
} from '@shopdesk/shared';
import { barcodeRulesQuery } from '../../../lib/barcode-rules-query.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useUpdateHold } from '../../../lib/update-guard.ts';
import { counterTaxOptions, itemCount, lineToGrow, priceCart, type CartAction } from '../cart/cart.ts';
import { useCounterCatalog, type CounterProduct } from '../catalog/use-counter-catalog.ts';
import { usePersistentCart } from './use-persistent-cart.ts';
import { useRulesReading } from './use-rules-reading.ts';

export const newLineKey = () => crypto.randomUUID();

/**
 * The sale on the counter: the saved cart, its prices (the shared pricing code, the figures the
 * server will store), the line shortcuts act on, the stock each scanned product had, and adding a
 * product by scan or pick. A scan that comes before the saved cart is read waits for it, so the
 * restore never overwrites it (with the page's early key recorder, no scan is lost from the first
 * paint).
 */
export function useCounterSale(store: string) {
  const { t } = useTranslation();
  const virtualStore = useSession((s) => s.virtualStore);
  const taxMode: TaxMode = virtualStore?.taxMode ?? 'NONE';
  const defaultTaxRate = virtualStore?.defaultTaxRate ?? 0;
  // Per line or once per rate, as the server prices the sale (checkout.service, storeTaxOptions).
  const { calculation, rounding } = counterTaxOptions(virtualStore ?? null);
  const { cart, dispatch, replace, ready } = usePersistentCart(store);
  const catalog = useCounterCatalog(store);
  const { find } = catalog;
  const [selected, setSelected] = useState<string | null>(null);
  const [stock, setStock] = useState<ReadonlyMap<string, number>>(new Map());
  const pendingScans = useRef<string[]>([]);
  // The store's rules for scale and price labels; none until they are read (codes are then plain).
  const rulesQuery = useQuery(barcodeRulesQuery(store));
  const rules = rulesQuery.data?.rules;
  const rulesReading = useRulesReading(rulesQuery.isPending && rulesQuery.fetchStatus === 'fetching');
  const exponent = CURRENCIES[(virtualStore?.mainCurrency ?? 'USD') as CurrencyCode].exponent;

  const pricing = useMemo(
    () => priceCart(cart, taxMode, defaultTaxRate, { calculation, rounding }),
    [cart, taxMode, defaultTaxRate, calculation, rounding],
  );
  /** The sale's total with `pointsDiscount` minor units of points taken off (before tax, as the server prices it). */
  const totalWithPoints = useCallback(
    (pointsDiscount: number) =>
      pointsDiscount > 0
        ? priceCart(cart, taxMode, defaultTaxRate, { calculation, rounding, pointsDiscount }).total
        : pricing.total,
    [cart, taxMode, defaultTaxRate, calculation, rounding, pricing.total],
  );
  const empty = cart.lines.length === 0;
  // A new version of the app waits while a sale is on the counter (the shell applies it after).
  useUpdateHold('counter-cart', !empty);

  const addProduct = useCallback(
    (product: CounterProduct, label?: LabelLine & { code?: string }) => {
      const key = newLineKey();
      dispatch({
        type: 'add',
        code: product.code,
        name: product.name,
        unitPrice: label?.unitPrice ?? product.price,
        taxRate: product.taxRate,
        key,
        ...(label
          ? {
              quantity: label.quantity,
              unit: label.unit,
              labelPrice: label.labelPrice,
              priceChanged: label.unitPrice !== undefined,
              // A price label's code goes with the sale: the server reads its price from it.
              ...(label.labelPrice !== undefined || label.unitPrice !== undefined ? { label: label.code } : {}),
            }
          : {}),
      });
      setStock((s) => new Map(s).set(product.code, product.quantity));
      // The line that grew is the one shortcuts act on; a new line has this key, an old one keeps its own.
      setSelected(cart.lines[lineToGrow(cart, product.code)]?.key ?? key);
      navigator.vibrate?.(30);
    },
    [dispatch, cart],
  );

  /** A gift card line (issue 43): its amount, and a pre-printed card's code when one was scanned. Answers its key. */
  const addGiftCard = useCallback(
    (card: { amount: number; code?: string }) => {
      const key = newLineKey();
      dispatch({ type: 'addGiftCard', name: t('counterGiftCard.lineName'), amount: card.amount, code: card.code, key });
      return key;
    },
    [dispatch, t],
  );

  const onScan = useCallback(
    async (code: string) => {
      // A scale label scanned as the counter opens waits for the rules that read it (briefly, see
      // useRulesReading), as every scan waits for the saved cart: never "unknown product" for it.
      if (!ready || rulesReading) {
        pendingScans.current.push(code);
        return;
      }
      // A member card (M + 10 digits) attaches its customer to the sale instead of selling anything.
      if (isMemberCode(code)) {
        await attachMember(store, code, dispatch, t);
        return;
      }
      const scan = rules ? scanWithRules(code, rules) : null;
      if (scan && !scan.ok) {
        notifications.show({
          id: `label-${code}`,
          color: 'red',
          title: t('counterLabels.refusedTitle'),
          message: t(`counterLabels.refused.${scan.reason}`, { code }),
        });
        return;
      }
      if (scan) {
        // The product's own code is the label with its value zeroed (Odoo's convention), or the
        // rule's item digits (a PLU number, as Japanese scales print it).
        const [baseCode, itemCode] = labelProductCodes(scan);
        let label = await find(baseCode);
        if (!label.product) label = await find(itemCode);
        const product = label.product;
        const line = product ? lineFromLabel(scan, product, exponent) : null;
        if (product && line?.ok) {
          addProduct(product, { ...line.line, code });
          return;
        }
        notifications.show({
          id: `label-${code}`,
          color: 'orange',
          title: t('counterLabels.refusedTitle'),
          message: line
            ? t(`counterLabels.line.${line.ok ? 'ZERO' : line.reason}`, { name: product?.name ?? '' })
            : t('counterLabels.noItem', { item: scan.itemCode, code }),
        });
        return;
      }
      const found = await find(code);
      if (found.product) {
        addProduct(found.product);
        return;
      }
      notifications.show({
        id: `unknown-${code}`,
        color: 'orange',
        title: found.reason === 'offline' ? t('counter.notInCopyTitle') : t('counter.unknownTitle'),
        message: found.reason === 'offline' ? t('counter.notInCopyText', { code }) : t('counter.unknownText', { code }),
      });
    },
    [ready, rulesReading, find, addProduct, t, rules, exponent, store, dispatch],
  );

  // Scans that arrived while the saved cart (or the label rules) were being read are added once they are.
  useEffect(() => {
    if (!ready || rulesReading || pendingScans.current.length === 0) return;
    const waiting = pendingScans.current.splice(0);
    void waiting.reduce((previous, code) => previous.then(() => onScan(code)), Promise.resolve());
  }, [ready, rulesReading, onScan]);

  const selectedLine = cart.lines.find((l) => l.key === selected) ?? cart.lines.at(-1) ?? null;

  return {
    store,
    cart,
    dispatch,
    replace,
    ready,
    catalog,
    taxMode,
    pricing,
    totalWithPoints,
    items: itemCount(cart),
    empty,
    stock,
    selectedLine,
    setSelected,
    addProduct,
    addGiftCard,
    onScan,
  };
}

export type CounterSale = ReturnType<typeof useCounterSale>;

/** A scanned member code: its customer (looked up online, else from this device's copy) attached to the cart. */
async function attachMember(
  store: string,
  code: string,
  dispatch: (action: CartAction) => void,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  try {
    const { findByCode } = await import('../customers/customer-lookup.ts');
    const customer = await findByCode(store, code);
    if (customer) {
      // The cart shows who is attached at once; no notice covers the screen.
      dispatch({ type: 'setCustomer', customer });
      navigator.vibrate?.(30);
      return;
    }
    notifications.show({
      id: `member-${code}`,
      color: 'orange',
      title: t('counterCustomer.notFoundTitle'),
      message: t('counterCustomer.notFoundText', { code }),
    });
  } catch {
    notifications.show({ id: `member-${code}`, color: 'red', message: t('counterCustomer.lookupFailed', { code }) });
  }
}
