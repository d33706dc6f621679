import { asProductUnit, countItems, formatQuantity, isMeasuredUnit } from '@shopdesk/shared';
import type { QueuedSale } from './sale-queue-db.ts';

/**
 * "2 × Coffee, 0.342 kg × Beef, Milk": from what the cashier saw, else from the request's own
 * lines (which carry no unit: a sale queued before previews had units reads as pieces).
 */
export function itemsOf(entry: Pick<QueuedSale, 'preview' | 'request'>): { count: number; names: string } {
  // A queued customer has no lines: it reads as the customer's name (or phone).
  if (entry.request.kind === 'customer')
    return { count: 0, names: entry.request.body.name || entry.request.body.phone || '' };
  const lines: { name: string; quantity: number; unit?: string | undefined }[] =
    entry.preview?.lines ??
    entry.request.body.lines.map((l) => ({ name: l.name ?? l.code ?? '', quantity: l.quantity }));
  const names = lines
    .map((l) => {
      const unit = asProductUnit(l.unit);
      if (isMeasuredUnit(unit)) return `${formatQuantity(l.quantity, unit)} × ${l.name}`;
      return l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name;
    })
    .filter((n) => n.trim() !== '')
    .join(', ');
  return { count: countItems(lines), names };
}
