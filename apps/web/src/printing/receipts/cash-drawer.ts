import type { PaymentMethod, TenderMethod } from '@shopdesk/shared';
import { drawerPulse } from './drawer-pulse.ts';
import { sendToPairedReceiptPrinter } from './print-receipt.ts';

/** What a paid tender says of its method: its kind, and the store's method when it names one. */
export type PaidTender = { method: TenderMethod; methodId?: string | undefined };

/** The store's methods as far as the drawer cares. */
export type DrawerMethods = ReadonlyArray<Pick<PaymentMethod, 'id' | 'kind' | 'opensDrawer'>>;

/**
 * Whether a paid sale opens the cash drawer (product.md §5): a tender whose store method has
 * `opensDrawer` does. A tender naming no method is the store's method of its kind; with no method
 * known at all (a server from before named tenders), cash opens it.
 */
export function shouldOpenDrawer(tenders: ReadonlyArray<PaidTender>, methods: DrawerMethods): boolean {
  return tenders.some((t) => {
    const method = methods.find((m) => m.id === t.methodId) ?? methods.find((m) => m.kind === t.method);
    return method ? method.opensDrawer : t.method === 'CASH';
  });
}

/** What `openDrawerAfterSale` did. */
export type DrawerOutcome = 'opened' | 'not-needed' | 'no-printer' | 'failed';

/**
 * After a sale is paid (stored or queued offline, printed or not): kicks the drawer wired to the
 * paired receipt printer when `shouldOpenDrawer` says so. The kick goes in the printer's queue, so
 * it never splits a receipt being printed. Never throws and never shows a device chooser: with no
 * printer paired there is nothing to open, and a failed kick must not hold the sale up (the
 * cashier opens the drawer with its key).
 */
export async function openDrawerAfterSale(
  tenders: ReadonlyArray<PaidTender>,
  methods: DrawerMethods,
): Promise<DrawerOutcome> {
  if (!shouldOpenDrawer(tenders, methods)) return 'not-needed';
  return openDrawerNow();
}

/**
 * Kicks the drawer on the paired receipt printer now ("No sale" once the server recorded it, and
 * after a sale). Never throws, never shows a device chooser: 'no-printer' with none paired.
 */
export async function openDrawerNow(): Promise<Exclude<DrawerOutcome, 'not-needed'>> {
  try {
    return (await sendToPairedReceiptPrinter(drawerPulse())) ? 'opened' : 'no-printer';
  } catch {
    return 'failed';
  }
}
