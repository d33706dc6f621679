import { buildReceiptDocument, receiptLabelsFor, type SupportedLocale } from '@shopdesk/shared';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { createThrottle, type Throttle } from '../../lib/rate-limit.ts';
import type { Scope } from '../access/index.ts';
import { keepCustomerEmail } from '../customers/index.ts';
import { receiptMail } from './receipt-mail.mails.ts';
import { publicReceiptOf, receiptNotFound, receiptSale } from './receipts.service.ts';

/** How long after a sale its display may still mail it (the "thank you" screen's life, with room). */
export const DISPLAY_RECEIPT_MAIL_MS = 15 * MINUTE;

const TOO_MANY = {
  counter: 'Too many receipt mails from this counter in a short time. Please wait a while, or print the receipt.',
  display: 'Too many receipt mails from this display in a short time. Please wait a while, or ask at the counter.',
  address: 'Too many receipts were mailed to this address recently. Please wait a while, or print the receipt.',
  store: 'This store has sent too many receipt mails in the last hour. Please wait a while, or print the receipt.',
};

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
  const { storeId, asker } = request;
  // Cheap checks first: the sale is a completed one of this store (and recent, for a display).
  if (asker.kind === 'counter' && asker.scope.store.id !== storeId) throw receiptNotFound();
  const loaded = await receiptSale(ctx, request.code, storeId);
  if (asker.kind === 'display') {
    const completed = Date.parse(loaded.sale.completedAt ?? loaded.sale.createdAt);
    if (!(ctx.clock.now().getTime() - completed <= DISPLAY_RECEIPT_MAIL_MS)) throw receiptNotFound();
  }
  outbox.ensureRoom();

  // The asker first, so one counter or display spends its own budget, not the store's.
  const limits = ctx.config.receiptMails;
  const throttle = throttleOf(ctx);
  const address = normalisedAddress(request.email);
  const askerKey = asker.kind === 'counter' ? `member:${storeId}:${asker.scope.userId}` : `display:${asker.pairingId}`;
  await throttle.hit('receipt-mail', 'asker', askerKey, rule(limits.perAsker, TOO_MANY[asker.kind]));
  await throttle.hit('receipt-mail', 'address', address, rule(limits.perAddress, TOO_MANY.address));
  await throttle.hit('receipt-mail', 'store', storeId, rule(limits.perStore, TOO_MANY.store));

  const receipt = await publicReceiptOf(ctx, loaded);
  const locale = mailLocale(request.locale, receipt.store.language);
  const link = `${ctx.config.appUrl}/receipt/${receipt.code}`;
  const doc = buildReceiptDocument(receipt, {
    labels: receiptLabelsFor(locale),
    locale,
    url: link,
    // The mail is read far from the site: the logo needs its whole address.
    ...(receipt.logoUrl ? { logoUrl: `${ctx.config.appUrl}${receipt.logoUrl}` } : {}),
  });
  const mail = receiptMail({ to: request.email, storeName: loaded.store.name, doc, link, locale });

  // Only an opted-in customer of this sale gets the address; the answer is the same either way.
  const customer = loaded.sale.customer;
  if (request.keepAddress === true && customer) await keepCustomerEmail(ctx, storeId, customer.id, request.email);
  // A transport's error names the recipient ("550 <a@b> rejected"): the log gets its code only.
  outbox.defer('receipt mail', () =>
    ctx.mailer.send(mail).catch((error: unknown) => {
      const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
      throw new Error(
        `The receipt mail was not sent (${String(code ?? 'error')} ${String(responseCode ?? '')})`.trim(),
      );
    }),
  );
}

const rule = (max: number, tooMany: string) => ({ max, windowMs: HOUR, tooMany });

/**
 * The address as a mailbox: lower case, and without a `+tag` (most providers deliver `a+1@x` to
 * `a@x`), so tags do not multiply one inbox's budget. Only its hash is stored (throttleKey).
 */
function normalisedAddress(email: string): string {
  const [local = '', domain = ''] = email
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, '')}@${domain}`;
}

/** One throttle per app context: it remembers when it last pruned old counters. */
const throttles = new WeakMap<AppContext, Throttle>();
function throttleOf(ctx: AppContext): Throttle {
  let throttle = throttles.get(ctx);
  if (!throttle) {
    throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
    throttles.set(ctx, throttle);
  }
  return throttle;
}
