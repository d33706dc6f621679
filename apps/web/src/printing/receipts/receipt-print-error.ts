import type { TFunction } from '../../lib/i18n/types.ts';
import { ReceiptPrinterError } from './receipt-bluetooth.ts';

/** A receipt printing problem for a notification: ours in the user's language, the browser's Bluetooth errors as it words them. */
export function receiptPrintErrorText(e: unknown, t: TFunction): string {
  if (e instanceof ReceiptPrinterError) return t(`receiptPrinter.errors.${e.code}`);
  return e instanceof Error && e.message ? e.message : String(e);
}
