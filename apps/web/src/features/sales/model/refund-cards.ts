import type { ShopTransaction } from '@shopdesk/shared';

/**
 * What of a refund goes back to gift cards and store credit (issue 43), by the server's own rule
 * (refund-stored-value.ts): each card the sale was paid with takes back up to what it paid less
 * what earlier refunds already gave back to it, before any money; the refund's own tenders cover
 * only the rest, and never name a card.
 */
export function backToCards(sale: Pick<ShopTransaction, 'payments' | 'refunds'>, amount: number): number {
  const given = new Map<string, number>();
  for (const refund of sale.refunds)
    for (const t of refund.tenders)
      if (t.method === 'STORED_VALUE' && t.cardCode)
        given.set(t.cardCode, (given.get(t.cardCode) ?? 0) + Math.abs(t.applied));
  let left = Math.max(0, amount);
  for (const p of sale.payments) {
    if (p.method !== 'STORED_VALUE' || !p.cardCode) continue;
    const back = Math.min(p.applied - (given.get(p.cardCode) ?? 0), left);
    if (back <= 0) continue;
    given.set(p.cardCode, (given.get(p.cardCode) ?? 0) + back);
    left -= back;
  }
  return Math.max(0, amount) - left;
}

/** True when the sale was paid, wholly or partly, by a gift card or store credit. */
export function paidByCards(sale: Pick<ShopTransaction, 'payments'>): boolean {
  return sale.payments.some((p) => p.method === 'STORED_VALUE');
}
