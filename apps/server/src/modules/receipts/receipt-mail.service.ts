import type { SupportedLocale } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import type { Scope } from '../access/index.ts';

/**
 * Who asks for a receipt mail: a member at the counter (their Scope, resolved by the route from the
 * session or till token, in the sale's store), or a customer display by its pairing id (the display
 * route has already resolved its token to that pairing and its store).
 */
export type ReceiptMailAsker = { kind: 'counter'; scope: Scope } | { kind: 'display'; pairingId: string };

export interface ReceiptMailRequest {
  /** The store the sale must belong to (a counter asker's must be `scope.store.id`). */
  storeId: string;
  /** The sale's transaction code (its public receipt code). */
  code: string;
  /** Where to send it: already checked by `ReceiptMailBodySchema` (emailSchema). */
  email: string;
  /** The mail's language; the store's receipt language when left out. */
  locale?: SupportedLocale | undefined;
  /** Store the address on the sale's customer, when the sale has one (the customer opted in). */
  keepAddress?: boolean | undefined;
  asker: ReceiptMailAsker;
}

/**
 * Mails one sale's receipt: the public receipt page's document (`/receipt/{code}`) as the HTML body,
 * a plain-text part, and the link to the page; subject "Your receipt from {store}" in the asked
 * language, else the store's. A refunded sale is mailed as its page shows it.
 *
 * Cheap checks first, then the limits, then the mail: 404 when the code is no completed sale of
 * `storeId` (parked, unknown or another store's all look the same); for a display, 404 as well when
 * the sale was completed more than 15 minutes ago. Then the rate limits (429 RATE_LIMITED, counted
 * in the database so every process agrees): per store, per address (by a hash of the normalised
 * address) and per asker (the member, or the display pairing). The mail is queued on `outbox`
 * (a slow mail server never slows the answer; 429 when the queue is full), so the caller answers
 * 202 `{sent: true}`.
 *
 * With `keepAddress` and a customer on the sale, the address becomes that customer's email. The
 * answer is the same whether or not the address belongs to anyone, and the address is never logged.
 *
 * Needs no HTTP request: a route passes its `app.outbox` (the Fastify instance's decorator).
 */
export async function sendReceiptMail(ctx: AppContext, outbox: Outbox, request: ReceiptMailRequest): Promise<void> {
  void ctx;
  void outbox;
  void request;
  throw new Error('not implemented yet');
}
