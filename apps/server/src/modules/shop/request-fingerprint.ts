import { createHash } from 'node:crypto';
import type { CreateTransactionBody, RefundBody, UpdateTransactionBody } from '@shopdesk/shared';

/**
 * Fingerprints of what a sale or refund request asks for: the same clientId with the same
 * fingerprint is a retry and gets the first result; with another one it is a different request
 * under a reused clientId and gets 409 CLIENT_ID_REUSED. Only content counts, each part written in
 * a fixed order into an array, so key order or an equivalent spelling (`payment` versus a
 * one-tender `payments`, `restock` absent versus true) does not change it.
 */
export function saleFingerprint(body: CreateTransactionBody | UpdateTransactionBody): string {
  const tenders = body.payments ?? (body.payment ? [body.payment] : []);
  return fingerprintOf([
    body.status,
    body.lines.map((l) => [
      l.code ?? null,
      l.name ?? null,
      l.unitPrice ?? null,
      l.quantity,
      discount(l.discount),
      // Added only when present, so a line without them keeps the fingerprint it had before.
      ...(l.labelPrice !== undefined ? [['labelPrice', l.labelPrice]] : []),
      ...(l.priceOverride ? [['priceOverride']] : []),
      ...(l.giftCard ? [['giftCard', l.giftCard.amount, l.giftCard.code ?? null]] : []),
    ]),
    discount(body.discount),
    tenders.map((t) => [t.method, t.currency, t.amount, ...(t.cardCode ? [t.cardCode] : [])]),
    body.note ?? '',
    body.soldAt ? new Date(body.soldAt).toISOString() : null,
    body.rate ? [body.rate.rate, body.rate.date, body.rate.source] : null,
    // Added only when present, like the lines' parts above: another customer or points is another sale.
    ...(body.customerId ? [['customer', body.customerId, body.pointsRedeemed ?? 0]] : []),
  ]);
}

/**
 * A refund of the sale `saleCode`: its lines in line id order (the refund takes them in that order
 * whatever order they were sent in; no lines means "what remains"), restock, tenders (in the order
 * sent: the money goes back in that order) and note.
 */
export function refundFingerprint(saleCode: string, body: RefundBody): string {
  const lines = body.lines
    ? [...body.lines].map((l) => [l.lineId, l.quantity] as const).sort(([a, qa], [b, qb]) => order(a, b) || qa - qb)
    : null;
  return fingerprintOf([
    saleCode,
    lines,
    body.restock !== false,
    body.tenders ? body.tenders.map((t) => [t.method, t.currency, t.amount]) : null,
    body.note ?? '',
    ...(body.toStoreCredit ? [['toStoreCredit']] : []),
  ]);
}

/** The one canonical form: JSON of an array built in a fixed order, hashed. */
function fingerprintOf(canonical: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function discount(d: CreateTransactionBody['discount']) {
  if (!d) return null;
  return d.kind === 'AMOUNT' ? ['AMOUNT', d.amount] : ['PERCENT', d.basisPoints];
}
