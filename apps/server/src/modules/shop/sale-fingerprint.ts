import { createHash } from 'node:crypto';
import type { CreateTransactionBody, UpdateTransactionBody } from '@shopdesk/shared';

/**
 * A fingerprint of what a sale request asks for (issue 24, item 3): the same clientId with the
 * same fingerprint is a retry and gets the first result; with another one it is a different sale
 * under a reused clientId and gets 409. Only content counts: the lines, discount, tenders, note,
 * status, sale time and rate, each written in a fixed order, so key order or `payment` versus a
 * one-tender `payments` does not change it.
 */
export function saleFingerprint(body: CreateTransactionBody | UpdateTransactionBody): string {
  const tenders = body.payments ?? (body.payment ? [body.payment] : []);
  const canonical = [
    body.status,
    body.lines.map((l) => [l.code ?? null, l.name ?? null, l.unitPrice ?? null, l.quantity, discount(l.discount)]),
    discount(body.discount),
    tenders.map((t) => [t.method, t.currency, t.amount]),
    body.note ?? '',
    body.soldAt ? new Date(body.soldAt).toISOString() : null,
    body.rate ? [body.rate.rate, body.rate.date, body.rate.source] : null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

function discount(d: CreateTransactionBody['discount']) {
  if (!d) return null;
  return d.kind === 'AMOUNT' ? ['AMOUNT', d.amount] : ['PERCENT', d.basisPoints];
}
