import { z } from 'zod';
import { PRODUCT_UNITS } from './units.ts';
import { currencySchema, emailSchema, localeSchema, singleLineText } from './validation.ts';

/*
 * The customer display (issue 45, product.md §5): the customer's side of the counter. The counter
 * sends what the customer may see of the current sale, and nothing else, as a DisplayState: to a
 * second window of the same device over a BroadcastChannel, and to paired devices through the
 * server (`PUT /display/pair/{id}/state`, pushed to `/api/public/display/{token}/events`). The
 * schemas are strict: a field that is not named here (a cost, another customer, a member) is
 * refused by the server and never reaches a display.
 */

const minor = z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000);
const nonNegative = z.number().int().min(0).max(1_000_000_000_000);
/**
 * Display text is drawn, never parsed: one line, bounded so a long one cannot break the screen, and
 * without control or bidi-override characters (a name that reads backwards on the customer's screen
 * is a lie about the price). Product and payment method names already pass the same rules.
 */
const shownText = singleLineText({ label: 'Text', max: 200 });

/** What a sale shows of one line: no code, no cost, no stock. */
export const DisplayLineSchema = z
  .object({
    name: shownText,
    /** As the cart counts it: pieces for EACH, thousandths of the unit for KG, L and M. */
    quantity: z.number().int().min(1).max(1_000_000_000),
    unit: z.enum(PRODUCT_UNITS),
    /** Per piece, or per whole unit when measured. */
    unitPrice: minor,
    /** What the line's own discount took off (≥ 0). */
    discount: nonNegative,
    /** What the customer pays for the line, after its discount (before the cart's). */
    total: minor,
  })
  .strict();
export type DisplayLine = z.infer<typeof DisplayLineSchema>;

export const DisplayTaxSchema = z
  .object({
    /** Basis points: 1000 = 10%. */
    rate: z.number().int().min(0).max(10_000),
    /** The taxable amount without the tax. */
    base: minor,
    tax: minor,
  })
  .strict();

export const DisplayTenderSchema = z
  .object({
    /** The payment method as the customer reads it ("Cash", "Card", a store's own method name). */
    label: shownText,
    currency: currencySchema,
    amount: nonNegative,
  })
  .strict();

/**
 * `idle`: nothing on the counter (the store's name and logo). `sale`: lines being rung up.
 * `payment`: the payment dialog is open (the total to pay, and what was tendered so far).
 * `paid`: the sale is done (tendered, change, thank you, the receipt's QR while `receipt` is set).
 */
export const DISPLAY_PHASES = ['idle', 'sale', 'payment', 'paid'] as const;
export type DisplayPhase = (typeof DISPLAY_PHASES)[number];

export const DisplayStateSchema = z
  .object({
    /**
     * Grows with every state a counter sends (it starts from the time in ms, so a reloaded counter
     * still grows): a display ignores a state older than the one it shows, and the server keeps
     * only the newest.
     */
    seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    phase: z.enum(DISPLAY_PHASES),
    /** The store's main currency: every amount above `second` is in it, in minor units. */
    currency: currencySchema,
    /** How the taxes read: included in the prices, added to them, or none. */
    taxMode: z.enum(['INCLUSIVE', 'EXCLUSIVE', 'NONE']),
    lines: z.array(DisplayLineSchema).max(500),
    /** Pieces (measured lines count one each). */
    itemCount: z.number().int().min(0).max(1_000_000_000),
    /** What the cart's discount took off. */
    cartDiscount: nonNegative,
    /** What redeemed points took off. */
    pointsDiscount: nonNegative,
    taxes: z.array(DisplayTaxSchema).max(20),
    total: minor,
    /** The total in the store's second currency at the counter's rate; null without one. */
    second: z.object({ currency: currencySchema, total: minor }).strict().nullable(),
    /** At payment and after: what the customer handed over, and the change given back. */
    payment: z
      .object({
        tendered: z.array(DisplayTenderSchema).max(20),
        change: z.object({ currency: currencySchema, amount: nonNegative }).strict().nullable(),
      })
      .strict()
      .nullable(),
    /** The attached customer's points (never their name, nor anyone else's). */
    points: z
      .object({ balance: z.number().int().min(0).nullable(), earned: nonNegative, redeemed: nonNegative })
      .strict()
      .nullable(),
    /**
     * After payment, the sale's transaction code when the server has it: the display shows the QR of
     * the public receipt page (`/receipt/{code}`) and offers it by mail. Null for a sale still queued
     * on an offline device.
     */
    receipt: z
      .object({ code: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/i, 'Not a transaction code') })
      .strict()
      .nullable(),
    /** The attached customer's language when the counter knows it; the display's toggle wins. */
    customerLocale: localeSchema.nullable(),
  })
  .strict();
export type DisplayState = z.infer<typeof DisplayStateSchema>;

/**
 * A sale's state with only its lines: totals added up, no tax, discount, payment or points. What
 * tests, the bench and sample screens start from (spread over it what a case needs).
 */
export function plainSaleState(
  seq: number,
  lines: DisplayLine[],
  currency: DisplayState['currency'] = 'USD',
): DisplayState {
  return {
    seq,
    phase: 'sale',
    currency,
    taxMode: 'NONE',
    lines,
    itemCount: lines.reduce((sum, l) => sum + (l.unit === 'EACH' ? l.quantity : 1), 0),
    cartDiscount: 0,
    pointsDiscount: 0,
    taxes: [],
    total: lines.reduce((sum, l) => sum + l.total, 0),
    second: null,
    payment: null,
    points: null,
    receipt: null,
    customerLocale: null,
  };
}

/** What a display shows when idle, and how it reads amounts. */
export const DisplayStoreSchema = z
  .object({
    name: z.string().max(200),
    /** Same-origin path of the store's logo (the receipt logo), or null. */
    logoUrl: z.string().max(500).nullable(),
    /** The store's language: the display's own until the customer picks one. */
    locale: localeSchema,
    mainCurrency: currencySchema,
    secondCurrency: currencySchema.nullable(),
  })
  .strict();
export type DisplayStore = z.infer<typeof DisplayStoreSchema>;

// ---------------------------------------------------------------- pairing (secure, the counter)

/** `POST /api/secure/display/pair` (X-Store): a name the tills page lists it by ("Tablet by the till"). */
export const DisplayPairBodySchema = z
  .object({ name: singleLineText({ label: 'Name', min: 1, max: 60 }).optional() })
  .strict();
export type DisplayPairBody = z.infer<typeof DisplayPairBodySchema>;

/** One paired display as the store sees it (never its token). */
export const DisplayPairingSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Who paired it (the member's name). */
  createdBy: z.string(),
  /** When the display last connected; null: never yet. */
  lastSeenAt: z.string().nullable(),
  /** Whether a display is connected to it now (on any app process). */
  connected: z.boolean(),
});
export type DisplayPairing = z.infer<typeof DisplayPairingSchema>;

/**
 * The answer to pairing, `201`: `url` is the display page (`{APP_URL}/display/{token}`), `qr` the
 * same address as an SVG data URL to show. The token is in the url only, and only in this answer:
 * the server keeps its hash.
 */
export const DisplayPairResponseSchema = DisplayPairingSchema.extend({ url: z.string(), qr: z.string() });
export type DisplayPairResponse = z.infer<typeof DisplayPairResponseSchema>;

/** `GET /api/secure/display/pair` (X-Store): the store's displays, for the counter and the tills page. */
export const DisplayPairingListSchema = z.object({ items: z.array(DisplayPairingSchema) });

export const DisplayPairingParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a display') });

// ---------------------------------------------------------------- the display (public, by token)

/** A pairing token: 32 random bytes, base64url. */
export const DisplayTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a display link'),
});

/** `GET /api/public/display/{token}`: what the display page starts from. 404 once revoked. */
export const DisplaySnapshotSchema = z.object({
  store: DisplayStoreSchema,
  /** The newest state the counter sent; null: none yet (idle). */
  state: DisplayStateSchema.nullable(),
});
export type DisplaySnapshot = z.infer<typeof DisplaySnapshotSchema>;

/**
 * `GET /api/public/display/{token}/events` is a Server-Sent Events stream: first a `state` event
 * with the newest state (or `null`), then one per state the counter sends; a comment line as a
 * heartbeat every DISPLAY_HEARTBEAT_MS; a `revoked` event (then the stream ends) when the pairing is
 * revoked. A display that hears nothing for twice the heartbeat shows it is waiting and reconnects.
 */
export const DISPLAY_HEARTBEAT_MS = 15_000;
export const DISPLAY_EVENTS = { state: 'state', revoked: 'revoked' } as const;

// ---------------------------------------------------------------- the second window (same device)

/** The BroadcastChannel a counter and its second window of the same store talk on. */
export function displayChannelName(store: string): string {
  return `shopdesk-display:${store}`;
}

/**
 * What travels on that channel: the counter sends `state` (with its store, so the window needs no
 * request, offline too); a window that opens sends `hello` and the counter answers with `state`.
 */
export const DisplayChannelMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), store: DisplayStoreSchema, state: DisplayStateSchema }).strict(),
  z.object({ type: z.literal('hello') }).strict(),
]);
export type DisplayChannelMessage = z.infer<typeof DisplayChannelMessageSchema>;

// ---------------------------------------------------------------- the receipt by mail

/**
 * `POST /api/secure/shop/transaction/{code}/receipt-mail` (the counter) and
 * `POST /api/public/display/{token}/receipt-mail` (the display: only the sale it shows as paid,
 * for a short while after). The receipt is the public page's document in `locale` (else the
 * store's). `keepAddress`: the customer agrees that the sale's customer record keeps the address;
 * without it, or without a customer on the sale, the address is used for this mail only. Answers
 * `202 {sent: true}`; rate limited per store, per address (and per display).
 */
export const ReceiptMailBodySchema = z
  .object({
    email: emailSchema,
    locale: localeSchema.optional(),
    keepAddress: z.boolean().optional(),
  })
  .strict();
export type ReceiptMailBody = z.infer<typeof ReceiptMailBodySchema>;

export const ReceiptMailResponseSchema = z.object({ sent: z.literal(true) });
