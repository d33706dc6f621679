import {
  amountOfQuantity,
  countItems,
  effectiveTaxCalculation,
  isMeasuredUnit,
  MAX_MEASURED_QUANTITY,
  asProductUnit,
  type ProductUnit,
  priceSale,
  type Discount,
  type SaleLineInput,
  type SalePricing,
  type TaxMode,
  type TaxOptions,
  type ShopTransaction,
  type TransactionLine,
  type VirtualStore,
  type CustomerAtCounter,
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
  /** True when the price is not the product's own: typed at the counter, or a piece's price label. */
  priceChanged: boolean;
  /**
   * A product's price changed by hand at the counter (PRICE_OVERRIDE, product.md §2): the sale
   * says so, and a till member who may not change prices asks for an approval before paying.
   */
  priceOverride?: boolean | undefined;
  /**
   * The product's own tax rate in basis points (e.g. a reduced food rate); null = the store's
   * default, as for every open-price item. The server prices the line the same way.
   */
  taxRate: number | null;
  /**
   * EACH when absent (a cart saved before units). A measured line (KG, L, M) counts thousandths,
   * its unitPrice is per unit, and it is never grown by another scan: each weighing is its own line.
   */
  unit?: ProductUnit | undefined;
  /** The price printed on a price-embedded label: what the line costs (product.md §5). */
  labelPrice?: number | undefined;
  /**
   * The price-embedded label scanned for this line (its barcode): sent with the sale, so the server
   * reads the label's price itself and takes it as the catalogue's, not an override (product.md §2).
   */
  label?: string | undefined;
  /**
   * A gift card sold (issue 43): `unitPrice` is its amount, quantity always 1, no discount, no tax;
   * `code` is a pre-printed card's, scanned or typed (absent: the server makes one). The server
   * activates it when the sale completes, so such a line is sold online only.
   */
  giftCard?: { code?: string | undefined } | undefined;
}

export interface Cart {
  lines: CartLine[];
  discount: Discount | null;
  /** The last removed line and where it was, for undo. */
  removed: { line: CartLine; index: number } | null;
  /** Set when the cart is a parked sale reopened from the server. */
  parkedCode: string | null;
  /** The customer the sale is for (earns, may redeem points); absent in carts saved before customers. */
  customer?: CounterCustomer | null | undefined;
}

/**
 * A customer attached at the counter: the counter's view, as last seen. A customer created on this
 * device while offline has the id `local:{clientId}` until the device's queue syncs it (the queued
 * sale's customerId is resolved to the server's id then).
 */
export type CounterCustomer = CustomerAtCounter & { clientId?: string };

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
      /** EACH when not given; a measured line's `quantity` is thousandths. */
      unit?: ProductUnit;
      labelPrice?: number;
      /** A price-embedded label of a piece: its price replaces the product's. */
      priceChanged?: boolean;
      /** The scanned price label whose price this line carries (`labelPrice`, or a piece's `unitPrice`). */
      label?: string;
      key: string;
    }
  | { type: 'addOpen'; name: string; unitPrice: number; quantity: number; key: string }
  | { type: 'addGiftCard'; name: string; amount: number; code?: string | undefined; key: string }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'setPrice'; key: string; unitPrice: number }
  | { type: 'setLineDiscount'; key: string; discount: Discount | null }
  | { type: 'setCartDiscount'; discount: Discount | null }
  | { type: 'setCustomer'; customer: CounterCustomer | null }
  | { type: 'remove'; key: string }
  | { type: 'undoRemove' }
  | { type: 'clear' }
  | { type: 'load'; sale: ShopTransaction; keys: string[] };

/** The most units of one line (the server refuses more). */
export const MAX_QUANTITY = 9_999;

const clampQuantity = (q: number, unit?: ProductUnit) =>
  Math.min(isMeasuredUnit(asProductUnit(unit)) ? MAX_MEASURED_QUANTITY : MAX_QUANTITY, Math.max(1, Math.trunc(q)));

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const measured = isMeasuredUnit(asProductUnit(action.unit));
      const index = measured || action.priceChanged ? -1 : lineToGrow(cart, action.code);
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
        quantity: clampQuantity(quantity, action.unit),
        discount: null,
        priceChanged: action.priceChanged ?? false,
        taxRate: action.taxRate,
        ...(measured ? { unit: action.unit, labelPrice: action.labelPrice } : {}),
        ...(action.label !== undefined ? { label: action.label } : {}),
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
    case 'addGiftCard': {
      const line: CartLine = {
        key: action.key,
        code: null,
        name: action.name,
        unitPrice: action.amount,
        quantity: 1,
        discount: null,
        priceChanged: false,
        taxRate: null,
        giftCard: action.code ? { code: action.code } : {},
      };
      return { ...cart, lines: [...cart.lines, line], removed: null };
    }
    case 'setQuantity':
      // A label's price was for its own quantity: a changed quantity is priced per unit again (a
      // piece's label price stays its unit price).
      return mapLine(cart, action.key, (l) => {
        const labelPrice = l.quantity === action.quantity ? l.labelPrice : undefined;
        const label = l.labelPrice !== undefined && labelPrice === undefined ? undefined : l.label;
        return { ...l, quantity: clampQuantity(action.quantity, l.unit), labelPrice, label };
      });
    case 'setPrice':
      return mapLine(cart, action.key, (l) => ({
        ...l,
        unitPrice: Math.max(0, action.unitPrice),
        priceChanged: true,
        ...(l.code !== null ? { priceOverride: true } : {}),
        labelPrice: undefined,
        label: undefined,
      }));
    case 'setLineDiscount':
      return mapLine(cart, action.key, (l) => ({ ...l, discount: action.discount }));
    case 'setCartDiscount':
      return { ...cart, discount: action.discount };
    case 'setCustomer':
      return { ...cart, customer: action.customer };
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
        lines: action.sale.lines.map((l, i) =>
          isGiftCardLine(l)
            ? {
                key: action.keys[i] ?? l.id,
                code: null,
                name: l.name,
                unitPrice: l.unitPrice,
                quantity: 1,
                discount: null,
                priceChanged: false,
                taxRate: null,
                giftCard: l.giftCardCode ? { code: l.giftCardCode } : {},
              }
            : {
                key: action.keys[i] ?? l.id,
                code: l.code,
                name: l.name,
                unitPrice: l.unitPrice,
                quantity: l.quantity,
                discount: lineDiscountOf(l.lineDiscount, l.labelPrice ?? lineGross(l.unitPrice, l.quantity, l.unit)),
                ...(isMeasuredUnit(asProductUnit(l.unit))
                  ? { unit: l.unit, labelPrice: l.labelPrice ?? undefined }
                  : {}),
                priceChanged: l.code === null || l.priceOverride === true || !!l.label,
                ...(l.priceOverride ? { priceOverride: true } : {}),
                ...(l.label ? { label: l.label } : {}),
                // A taxed sale stored each product line's rate (its own or the default then); an
                // untaxed one stored none, so the line falls back to the store's default.
                taxRate: l.code !== null && action.sale.taxMode !== 'NONE' ? l.taxRate : null,
              },
        ),
        discount: action.sale.discount,
        removed: null,
        parkedCode: action.sale.status === 'PARKED' ? action.sale.code : null,
      };
  }
}

/** A stored line that sells a gift card: the server marks it (a held cart's too, before it has a code). */
export function isGiftCardLine(l: Pick<TransactionLine, 'giftCard' | 'giftCardCode'>): boolean {
  return l.giftCard === true || !!l.giftCardCode;
}

/**
 * The line a new scan of `code` adds a unit to, or -1 for a new line. Scanning the same product
 * again grows its line, as a cashier expects; a line whose price or discount was changed at the
 * counter stays apart.
 */
export function lineToGrow(cart: Cart, code: string): number {
  return cart.lines.findIndex((l) => l.code === code && !l.priceChanged && !l.discount && !l.giftCard);
}

/** unitPrice × quantity, or per 1000 thousandths (half up) for a measured line: what priceSale takes as gross. */
export function lineGross(unitPrice: number, quantity: number, unit: ProductUnit | undefined): number {
  return amountOfQuantity(quantity, unitPrice, unit);
}

/** A stored line keeps its discount as an amount; reopened, it is that amount again. */
function lineDiscountOf(amount: number, gross: number): Discount | null {
  return amount > 0 && amount <= gross ? { kind: 'AMOUNT', amount } : null;
}

/** Changes one line; a gift card line is one card of its amount, so no edit reaches it. */
function mapLine(cart: Cart, key: string, change: (line: CartLine) => CartLine): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.key === key && !l.giftCard ? change(l) : l)) };
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
      unit: l.unit,
      labelPrice: l.labelPrice,
      discount: l.discount,
      taxRate: l.taxRate ?? defaultTaxRate,
      ...(l.giftCard ? { giftCard: true } : {}),
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
  return cart.lines.map((l) =>
    l.giftCard
      ? { quantity: 1, giftCard: { amount: l.unitPrice, ...(l.giftCard.code ? { code: l.giftCard.code } : {}) } }
      : {
          ...(l.code === null ? { name: l.name } : { code: l.code }),
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          ...(l.labelPrice !== undefined ? { labelPrice: l.labelPrice } : {}),
          ...(l.label !== undefined ? { label: l.label } : {}),
          ...(l.code !== null && l.priceOverride ? { priceOverride: true } : {}),
          ...(l.discount ? { discount: l.discount } : {}),
        },
  );
}

/** The cart's lines as the shared `saleNeeds` reads them: a gift card needs no OPEN_PRICE (SELL is enough). */
export function linesForNeeds(cart: Cart) {
  return toSaleLines(cart).map((l) => ({
    code: l.code,
    priceOverride: l.priceOverride,
    giftCard: l.giftCard !== undefined,
  }));
}

/** True when the cart sells a gift card: the sale can only be taken online (the server activates the card). */
export function sellsGiftCard(cart: Cart): boolean {
  return cart.lines.some((l) => l.giftCard);
}

/** How many items the cart holds (units, not lines; a weighed line is one item). */
export function itemCount(cart: Cart): number {
  return countItems(cart.lines);
}
