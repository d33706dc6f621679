import {
  effectiveTaxCalculation,
  priceSale,
  type Discount,
  type SaleLineInput,
  type SalePricing,
  type TaxMode,
  type TaxOptions,
  type ShopTransaction,
  type VirtualStore,
} from '@shopdesk/shared';

/**
 * The counter's cart: what the cashier has rung up, before and while it is paid. It is priced with
 * the same arithmetic as the server (`priceSale`), so the total on screen is the total stored. A
 * line is a product (by code, with the price it had when scanned) or an open-price item.
 */
export interface CartLine {
  /** Stable within the cart: React keys and edits. */
  key: string;
  /** Null for an open-price item. */
  code: string | null;
  name: string;
  unitPrice: number;
  quantity: number;
  discount: Discount | null;
  /** True when the price was typed at the counter instead of the product's own. */
  priceChanged: boolean;
  /**
   * The product's own tax rate in basis points (e.g. a reduced food rate); null = the store's
   * default, as for every open-price item. The server prices the line the same way.
   */
  taxRate: number | null;
}

export interface Cart {
  lines: CartLine[];
  discount: Discount | null;
  /** The last removed line and where it was, for undo. */
  removed: { line: CartLine; index: number } | null;
  /** Set when the cart is a parked sale reopened from the server. */
  parkedCode: string | null;
}

export const emptyCart: Cart = { lines: [], discount: null, removed: null, parkedCode: null };

export type CartAction =
  | {
      type: 'add';
      code: string;
      name: string;
      unitPrice: number;
      /** The product's `taxRate` (null: the store's default). */
      taxRate: number | null;
      quantity?: number;
      key: string;
    }
  | { type: 'addOpen'; name: string; unitPrice: number; quantity: number; key: string }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'setPrice'; key: string; unitPrice: number }
  | { type: 'setLineDiscount'; key: string; discount: Discount | null }
  | { type: 'setCartDiscount'; discount: Discount | null }
  | { type: 'remove'; key: string }
  | { type: 'undoRemove' }
  | { type: 'clear' }
  | { type: 'load'; sale: ShopTransaction; keys: string[] };

/** The most units of one line (the server refuses more). */
export const MAX_QUANTITY = 9_999;

const clampQuantity = (q: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(q)));

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const index = lineToGrow(cart, action.code);
      const quantity = action.quantity ?? 1;
      if (index >= 0) {
        const line = cart.lines[index]!;
        const lines = [...cart.lines];
        lines[index] = { ...line, quantity: clampQuantity(line.quantity + quantity) };
        return { ...cart, lines, removed: null };
      }
      const line: CartLine = {
        key: action.key,
        code: action.code,
        name: action.name,
        unitPrice: action.unitPrice,
        quantity: clampQuantity(quantity),
        discount: null,
        priceChanged: false,
        taxRate: action.taxRate,
      };
      return { ...cart, lines: [...cart.lines, line], removed: null };
    }
    case 'addOpen': {
      const line: CartLine = {
        key: action.key,
        code: null,
        name: action.name,
        unitPrice: action.unitPrice,
        quantity: clampQuantity(action.quantity),
        discount: null,
        priceChanged: true,
        taxRate: null,
      };
      return { ...cart, lines: [...cart.lines, line], removed: null };
    }
    case 'setQuantity':
      return mapLine(cart, action.key, (l) => ({ ...l, quantity: clampQuantity(action.quantity) }));
    case 'setPrice':
      return mapLine(cart, action.key, (l) => ({ ...l, unitPrice: Math.max(0, action.unitPrice), priceChanged: true }));
    case 'setLineDiscount':
      return mapLine(cart, action.key, (l) => ({ ...l, discount: action.discount }));
    case 'setCartDiscount':
      return { ...cart, discount: action.discount };
    case 'remove': {
      const index = cart.lines.findIndex((l) => l.key === action.key);
      if (index < 0) return cart;
      return {
        ...cart,
        lines: cart.lines.filter((l) => l.key !== action.key),
        removed: { line: cart.lines[index]!, index },
      };
    }
    case 'undoRemove': {
      if (!cart.removed) return cart;
      const lines = [...cart.lines];
      lines.splice(Math.min(cart.removed.index, lines.length), 0, cart.removed.line);
      return { ...cart, lines, removed: null };
    }
    case 'clear':
      return emptyCart;
    case 'load':
      return {
        lines: action.sale.lines.map((l, i) => ({
          key: action.keys[i] ?? l.id,
          code: l.code,
          name: l.name,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          discount: lineDiscountOf(l.lineDiscount, l.unitPrice * l.quantity),
          priceChanged: l.code === null,
          // A taxed sale stored each product line's rate (its own or the default then); an
          // untaxed one stored none, so the line falls back to the store's default.
          taxRate: l.code !== null && action.sale.taxMode !== 'NONE' ? l.taxRate : null,
        })),
        discount: action.sale.discount,
        removed: null,
        parkedCode: action.sale.status === 'PARKED' ? action.sale.code : null,
      };
  }
}

/**
 * The line a new scan of `code` adds a unit to, or -1 for a new line. Scanning the same product
 * again grows its line, as a cashier expects; a line whose price or discount was changed at the
 * counter stays apart.
 */
export function lineToGrow(cart: Cart, code: string): number {
  return cart.lines.findIndex((l) => l.code === code && !l.priceChanged && !l.discount);
}

/** A stored line keeps its discount as an amount; reopened, it is that amount again. */
function lineDiscountOf(amount: number, gross: number): Discount | null {
  return amount > 0 && amount <= gross ? { kind: 'AMOUNT', amount } : null;
}

function mapLine(cart: Cart, key: string, change: (line: CartLine) => CartLine): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? change(l) : l)) };
}

/**
 * The cart priced as the server will price it, for the store's tax settings: `tax` is the store's
 * effective calculation and rounding (counterTaxOptions), as checkout.service prices with.
 */
export function priceCart(cart: Cart, taxMode: TaxMode, defaultTaxRate: number, tax: TaxOptions = {}): SalePricing {
  return priceSale(
    cart.lines.map((l) => ({
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      discount: l.discount,
      taxRate: l.taxRate ?? defaultTaxRate,
    })),
    cart.discount,
    taxMode,
    tax,
  );
}

/** The store's effective tax calculation and rounding (a yen store with a registration number: PER_RATE). */
export function counterTaxOptions(
  store: Pick<VirtualStore, 'mainCurrency' | 'taxCalculation' | 'taxRounding' | 'taxRegistrationNumber'> | null,
): TaxOptions {
  if (!store) return {};
  return { calculation: effectiveTaxCalculation(store), rounding: store.taxRounding ?? 'HALF_UP' };
}

/**
 * The cart's lines as the sale API takes them. Every line carries the price the customer was shown,
 * so a price edited in the catalogue meanwhile cannot change a sale being paid; an open item sends
 * its name too.
 */
export function toSaleLines(cart: Cart): SaleLineInput[] {
  return cart.lines.map((l) => ({
    ...(l.code === null ? { name: l.name } : { code: l.code }),
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    ...(l.discount ? { discount: l.discount } : {}),
  }));
}

/** How many items the cart holds (units, not lines). */
export function itemCount(cart: Cart): number {
  return cart.lines.reduce((sum, l) => sum + l.quantity, 0);
}
