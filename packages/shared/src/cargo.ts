import { z } from 'zod';
import { productCodeSchema } from './product-code-schema.ts';
import { PRODUCT_UNITS } from './units.ts';
import { WindowParamsSchema, windowSchema } from './products.ts';
import { currencySchema, multiLineText, singleLineText } from './validation.ts';

/**
 * Cargo (product.md §4–§6): an incoming shipment with its contents, counted by one or more devices,
 * marked arrived (its goods enter stock through the ledger), or handed to another store directly or
 * by a QR code. Money is integer minor units of the cargo's store's main currency (`currency` on
 * the answer).
 */

export const CARGO_STATUSES = ['NOT_ARRIVED', 'ARRIVED', 'TRANSFERRED'] as const;
export type CargoStatus = (typeof CARGO_STATUSES)[number];

/** A cargo code: 8 characters of Crockford base32 (no I, L, O, U), globally unique. */
export const CARGO_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** Largest quantity of one content line (sent, counted or received). */
export const MAX_CARGO_QUANTITY = 1_000_000;
/**
 * Largest price of one line, minor units (10 million dollars, a billion yen). With the quantity
 * bound and the line bound, a cargo's total value (≤ 5 × 10¹⁸) always fits the databases' 64-bit
 * integers, so totals are summed exactly in SQL and never overflow.
 */
export const MAX_CARGO_PRICE = 1_000_000_000;
/** Largest number of content lines one cargo holds (a 2,000-line shipment fits with room). */
export const MAX_CARGO_CONTENTS = 5_000;
/** Largest number of contents given with `POST /cargo/new`. */
export const MAX_NEW_CARGO_CONTENTS = 2_000;

/** A cargo code in a path or body: case and surrounding spaces forgiven (typed from paper). */
export const cargoCodeSchema = z
  .string({ error: 'Cargo code is required' })
  .trim()
  .toUpperCase()
  .regex(CARGO_CODE_PATTERN, 'A cargo code is 8 letters and digits');

const quantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity must not be negative')
  .max(MAX_CARGO_QUANTITY, 'Quantity is at most 1,000,000');

const priceSchema = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(0, 'Must not be negative')
  .max(MAX_CARGO_PRICE, 'Amount is too large');

export const CargoSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  origin: z.string(),
  note: z.string(),
  status: z.enum(CARGO_STATUSES),
  /** Number of content lines. */
  itemCount: z.number().int(),
  /** Items on the lines (sent or recorded): pieces, and one for each line of a weighed product. */
  totalQuantity: z.number().int(),
  /** Items received, counted as totalQuantity; null while no line has been counted. */
  totalReceivedQuantity: z.number().int().nullable(),
  /** Sum of quantity × price (received count when set), minor units of `currency`. */
  totalValue: z.number().int(),
  /** The main currency of the cargo's store, the currency of its prices and total. */
  currency: currencySchema,
  /** Name of the store it was handed over from, or null. */
  transferredFrom: z.string().nullable(),
  /** Name of the store it was handed to (status TRANSFERRED), or null. */
  transferredTo: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cargo = z.infer<typeof CargoSchema>;

export const CargoContentSchema = z.object({
  contentId: z.string(),
  cargoId: z.string(),
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  /** The quantity sent (or recorded while creating): pieces, or thousandths of a measured `unit`. */
  quantity: z.number().int(),
  /**
   * What the receiver counted, or null when not counted. Arrival books it when set, else
   * `quantity`. On the sender's TRANSFERRED cargo this is the receiver's count.
   */
  receivedQuantity: z.number().int().nullable(),
  /** Minor units of the cargo's store's main currency; used when arrival creates the product. */
  price: z.number().int(),
  /** True when the price was converted from the sender's currency at a QR hand-over. */
  priceConverted: z.boolean(),
  /** The product with this code in the cargo's store, or null when none exists (yet). */
  productId: z.string().nullable(),
  /**
   * The unit of that product, else the line's own (given when it was added), else EACH. For KG, L
   * and M the line's quantities are integer thousandths of the unit (0.350 kg is 350), as its
   * stock is: arrival books them as they are, and creates a missing product in this unit.
   */
  unit: z.enum(PRODUCT_UNITS).default('EACH'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CargoContent = z.infer<typeof CargoContentSchema>;

/** One content line as given to `POST /cargo/new` or `POST /cargo-content/code/{code}/content`. */
export const CargoContentBodySchema = z.object({
  code: productCodeSchema,
  name: singleLineText({ label: 'Name', min: 1, max: 120 }),
  brand: singleLineText({ label: 'Brand', max: 80 }).default(''),
  quantity: quantitySchema,
  price: priceSchema.default(0),
  /**
   * The unit of a product the store does not have yet, for arrival to create it in (KG, L, M:
   * `quantity` is then thousandths). A line whose code is a product follows that product's unit.
   */
  unit: z.enum(PRODUCT_UNITS).optional(),
});
export type CargoContentBody = z.input<typeof CargoContentBodySchema>;

const cargoFields = {
  name: singleLineText({ label: 'Name', min: 1, max: 120 }),
  origin: singleLineText({ label: 'Origin', max: 120 }).default(''),
  note: multiLineText({ label: 'Note', max: 1000 }).default(''),
};

/**
 * `POST /cargo/new` → 201 Cargo. Contents with the same code are merged into one line (their
 * quantities added), as the content endpoint does.
 */
export const NewCargoBodySchema = z.object({
  ...cargoFields,
  contents: z
    .array(CargoContentBodySchema)
    .max(MAX_NEW_CARGO_CONTENTS, `At most ${MAX_NEW_CARGO_CONTENTS} contents at once`)
    .default([]),
});
export type NewCargoBody = z.input<typeof NewCargoBodySchema>;

/** `PUT /cargo/code/{code}`: the cargo's own fields; status changes through arrived / not-arrived. */
export const UpdateCargoBodySchema = z.object(cargoFields);
export type UpdateCargoBody = z.input<typeof UpdateCargoBodySchema>;

/**
 * `PUT /cargo-content/code/{code}/content/{contentId}`: every field optional, only while the cargo
 * is NOT_ARRIVED (409 otherwise). On a cargo received from another store (`transferredFrom` set)
 * `quantity` is what was sent and cannot change (409): the receiver counts with
 * `receivedQuantity` (null clears the count).
 */
export const UpdateCargoContentBodySchema = z.object({
  code: productCodeSchema.optional(),
  name: singleLineText({ label: 'Name', min: 1, max: 120 }).optional(),
  brand: singleLineText({ label: 'Brand', max: 80 }).optional(),
  quantity: quantitySchema.optional(),
  price: priceSchema.optional(),
  receivedQuantity: quantitySchema.nullable().optional(),
});
export type UpdateCargoContentBody = z.input<typeof UpdateCargoContentBodySchema>;

/** `{code}` of `POST /cargo/arrived` and `POST /cargo/not-arrived`. */
export const CargoCodeBodySchema = z.object({ code: cargoCodeSchema });
export const CargoCodeParamsSchema = z.object({ code: cargoCodeSchema });

export const CargoContentParamsSchema = z.object({
  code: cargoCodeSchema,
  contentId: z.uuid({ error: 'contentId must be a content id' }),
});

/** A whole number in a path that may be negative (a difference): digits only, optional minus. */
function signedPathNumber(label: string, min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,9}$/, `${label} must be a whole number in digits`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} is out of range`).max(max, `${label} is out of range`));
}

/**
 * `PUT /cargo-content/code/{code}/content/{contentId}/quantity/{updatedQuantity}/difference/{quantityDifference}`:
 * `new = current + difference` in one statement, 409 when it would go below zero. On a cargo
 * received from another store it counts `receivedQuantity` (null taken as 0) instead of
 * `quantity`, so two phones can count a delivery together.
 */
export const CargoDifferenceParamsSchema = CargoContentParamsSchema.extend({
  /** What the device expects the quantity to be after its difference: a mismatch answers `conflict: true`. */
  updatedQuantity: signedPathNumber('updatedQuantity', 0, MAX_CARGO_QUANTITY),
  quantityDifference: signedPathNumber('quantityDifference', -MAX_CARGO_QUANTITY, MAX_CARGO_QUANTITY),
});

/**
 * Query of the difference call. `clientId` (a UUID the device makes for each difference it queues)
 * makes a replay apply once: the same clientId again in this store changes nothing and answers
 * the current quantity with `replayed: true`. Offline queues must send one.
 */
export const CargoDifferenceQuerySchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }).optional(),
});

/** The difference call's answer. */
export const CargoDifferenceResultSchema = z.object({
  /** The content's quantity after the difference (or now, for a replay). */
  quantity: z.number().int(),
  /** True when `quantity` differs from the `updatedQuantity` the device expected: another device counted too. */
  conflict: z.boolean(),
  /** True when this clientId had been applied before and nothing changed now. */
  replayed: z.boolean(),
});
export type CargoDifferenceResult = z.infer<typeof CargoDifferenceResultSchema>;

/**
 * `GET /cargo/code/{code}/changes`: the cargo's changes cursor. It moves whenever the cargo or any
 * of its lines changes (another device's count too); a device counting the cargo polls it every
 * few seconds and reads the lines again only when it moved. Opaque: compare, never parse.
 */
export const CargoChangesSchema = z.object({
  cursor: z.string(),
  status: z.enum(CARGO_STATUSES),
});
export type CargoChanges = z.infer<typeof CargoChangesSchema>;

/** `GET /cargo-content/search/{cargoId}/window/{page}/{size}`. */
export const CargoContentWindowParamsSchema = WindowParamsSchema.extend({
  cargoId: z.uuid({ error: 'cargoId must be a cargo id' }),
});
export const CargoContentWindowSchema = windowSchema(CargoContentSchema);
export type CargoContentWindow = z.infer<typeof CargoContentWindowSchema>;

export const CargoContentListSchema = z.array(CargoContentSchema);
export type CargoContentList = z.infer<typeof CargoContentListSchema>;

/** `GET /cargo/search/window/{page}/{size}?q&status`: newest first; `q` matches name, origin, code and content codes. */
export const CargoSearchQuerySchema = z.object({
  q: singleLineText({ label: 'Search', max: 100 }).optional(),
  status: z.enum(CARGO_STATUSES, { error: 'status is NOT_ARRIVED, ARRIVED or TRANSFERRED' }).optional(),
});
export type CargoSearchQuery = z.infer<typeof CargoSearchQuerySchema>;

export const CargoWindowSchema = windowSchema(CargoSchema);
export type CargoWindow = z.infer<typeof CargoWindowSchema>;
export const CargoListSchema = z.array(CargoSchema);

/** `POST /cargo/code/{code}/transfer`: the urlName of another store of the same user. */
export const CargoTransferBodySchema = z.object({
  targetStore: z
    .string({ error: 'Choose a store' })
    .trim()
    .toLowerCase()
    .min(1, 'Choose a store')
    .max(32, 'Choose a store')
    .regex(/^[a-z0-9-]+$/, 'Choose a store'),
});
export type CargoTransferBody = z.infer<typeof CargoTransferBodySchema>;

// ---- Hand-over by QR --------------------------------------------------------------------------

/**
 * A transfer token: 22 base64url characters of random nonce, a dot, and 22 of HMAC-SHA256 (first
 * 16 bytes) over the nonce, the cargo and the expiry with the server's secret. The server stores
 * only the nonce's hash; the token is single use and unrelated to the cargo code.
 */
export const CARGO_QR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The path of the web app's receive link: `{appUrl}/cargo/receive/{token}`. */
export const CARGO_RECEIVE_PATH = '/cargo/receive/';

/**
 * The QR payload: a link the receiver's phone camera can open (the web app then receives the cargo
 * into the user's current store), `https://host/cargo/receive/<token>`. `/cargo` is a reserved
 * store name, so the link never collides with a store's pages.
 */
export function buildCargoQrLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${CARGO_RECEIVE_PATH}${token}`;
}

/**
 * The token in what a scan or a paste gave: the receive link (any host), a link with
 * `?receive=<token>` (e.g. `/{store}/cargo/manage?receive=…`), or the bare token. Null when none.
 */
export function parseCargoQrLink(text: string): string | null {
  const value = text.trim();
  if (value.length > 2048) return null;
  if (CARGO_QR_TOKEN_PATTERN.test(value)) return value;
  const fromPath = /\/cargo\/receive\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(value);
  if (fromPath?.[1]) return fromPath[1];
  const fromQuery = /[?&]receive=([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})(?:[&#]|$)/.exec(value);
  return fromQuery?.[1] ?? null;
}

/** `GET /cargo/code/{code}/qr`: a fresh single-use token, its expiry (24 h) and the link to put in the QR. */
export const CargoQrSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** `buildCargoQrLink(appUrl, token)`: what the QR encodes. */
  link: z.string(),
});
export type CargoQr = z.infer<typeof CargoQrSchema>;

/** `POST /cargo/qr/transfer`: the token, or the whole scanned link (parsed with `parseCargoQrLink`). */
export const CargoQrReceiveBodySchema = z.object({
  token: z
    .string({ error: 'Scan the transfer QR code' })
    .max(2048, 'This is not a transfer QR code')
    .transform((v, ctx) => {
      const token = parseCargoQrLink(v);
      if (token === null) {
        ctx.addIssue({ code: 'custom', message: 'This is not a transfer QR code' });
        return z.NEVER;
      }
      return token;
    }),
});
export type CargoQrReceiveBody = z.input<typeof CargoQrReceiveBodySchema>;

/**
 * `POST /cargo/qr/preview` (the same body as receiving): the cargo a hand-over QR names, for the
 * receiver's confirmation, before anything is received. Its code is the sender's (the receiver's
 * copy gets its own).
 */
export const CargoQrPreviewSchema = z.object({
  code: z.string(),
  name: z.string(),
  origin: z.string(),
  status: z.enum(CARGO_STATUSES),
  /** The sending store's name. */
  fromStore: z.string(),
  itemCount: z.number().int(),
  totalQuantity: z.number().int(),
  expiresAt: z.string(),
});
export type CargoQrPreview = z.infer<typeof CargoQrPreviewSchema>;
