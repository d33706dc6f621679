import type { ReceiptDocument } from '@shopdesk/shared';
import { useSession, type SavedPrinter } from '../../lib/session-store.ts';
import {
  bluetoothAvailable,
  bluetoothKind,
  isChooserCancelled,
  type PrinterDevice,
  type PrinterLink,
} from '../bluetooth/printer-transport.ts';
import { PacedWriter } from '../cat-printer/paced-writer.ts';
import { ReceiptPrinterError } from './receipt-bluetooth.ts';
import { receiptPrinterTransport } from './receipt-transport.ts';
import { useReceiptPrinterSettings } from './receipt-printer-settings.ts';

/** What `printReceipt` did. */
export type ReceiptPrintResult =
  /** Sent to the paired Bluetooth printer. */
  | { via: 'bluetooth'; printer: string }
  /** Opened the browser's print dialog: no Bluetooth here, no printer paired, or Bluetooth failed (`error`). */
  | { via: 'browser'; reason: 'no-bluetooth' | 'not-paired' | 'bluetooth-failed'; error?: unknown }
  /** The user closed the browser's device chooser: nothing printed. */
  | { via: 'none'; reason: 'cancelled' };

export interface PrintReceiptOptions {
  /** Bytes sent so far and the total, after each Bluetooth write. */
  onProgress?: (sent: number, total: number) => void;
  /** The print dialog's title (the file name when saved as PDF). */
  title?: string;
}

/** Pause between writes: cheap printers have a few kilobytes of buffer and no flow control over BLE. */
const WRITE_DELAY_MS = 15;

// The chosen device and its connection live for the page's lifetime: the browser hands a device
// out only after a user gesture, and reconnecting for every receipt costs a second or two.
let device: PrinterDevice | null = null;
let link: PrinterLink | null = null;
// One receipt at a time: two receipts' bytes interleaved print as garbage.
let queue: Promise<unknown> = Promise.resolve();

/** Web Bluetooth in browsers, the Capacitor plugin in the apps (bluetooth/printer-transport.ts). */
async function transport() {
  const found = await receiptPrinterTransport();
  if (!found) throw new ReceiptPrinterError('no-bluetooth', 'Bluetooth is not available');
  return found;
}

/** Shows the chooser and remembers the printer in the session (`xPrinter`). Needs a user gesture. */
export async function pairReceiptPrinter(): Promise<SavedPrinter> {
  const chosen = await (await transport()).choose();
  dropConnection();
  device = chosen;
  const saved = { deviceId: chosen.id, name: chosen.name || 'Receipt printer' };
  useSession.getState().setXPrinter(saved);
  return saved;
}

export function forgetReceiptPrinter(): void {
  dropConnection();
  device = null;
  useSession.getState().setXPrinter(null);
}

function dropConnection() {
  link?.disconnect();
  link = null;
}

async function deviceFor(saved: SavedPrinter, canChoose = true): Promise<PrinterDevice | null> {
  if (device?.id === saved.deviceId) return device;
  const ble = await transport();
  // Without getDevices (or when the browser forgot the permission) the chooser asks again.
  const known = await ble.known(saved.deviceId);
  if (!known && !canChoose) return null;
  dropConnection();
  device = known ?? (await ble.choose());
  if (device.id !== saved.deviceId) {
    useSession.getState().setXPrinter({ deviceId: device.id, name: device.name || saved.name });
  }
  return device;
}

/**
 * Encodes the receipt for this device's printer settings (the encoder is loaded only now, so it
 * never weighs on a screen's first load) and sends it, serialized and chunked.
 */
export async function printReceiptOverBluetooth(
  doc: ReceiptDocument,
  options: PrintReceiptOptions = {},
): Promise<SavedPrinter> {
  const saved = useSession.getState().xPrinter;
  if (!saved) throw new ReceiptPrinterError('not-paired', 'No receipt printer is paired');
  const target = await deviceFor(saved);
  if (!target) throw new ReceiptPrinterError('not-paired', 'The paired printer is not known here');
  const settings = useReceiptPrinterSettings.getState();
  const { encodeReceipt } = await import('./encode-receipt.ts');
  const bytes = await encodeReceipt(doc, {
    paperWidth: settings.paperWidth,
    qr: settings.qrAsImage ? 'image' : 'native',
  });
  await send(target, bytes, options.onProgress);
  return useSession.getState().xPrinter ?? saved;
}

/**
 * Sends raw ESC/POS bytes (the drawer kick) to the paired printer, in the same queue as receipts,
 * so a kick never lands inside a receipt's bytes. Never shows the device chooser: false when no
 * printer is paired here or the browser no longer knows it (nothing was sent). Throws a send error.
 */
export async function sendToPairedReceiptPrinter(bytes: Uint8Array): Promise<boolean> {
  const saved = useSession.getState().xPrinter;
  if (!saved || !bluetoothAvailable()) return false;
  const target = await deviceFor(saved, false);
  if (!target) return false;
  await send(target, bytes);
  return true;
}

async function send(target: PrinterDevice, bytes: Uint8Array, onProgress?: PrintReceiptOptions['onProgress']) {
  const settings = useReceiptPrinterSettings.getState();
  const job = queue.then(async () => {
    if (!link?.isConnected()) link = await (await transport()).connect(target);
    const writer = new PacedWriter(link, { chunkSize: settings.chunkSize, delayMs: WRITE_DELAY_MS, onProgress });
    try {
      await writer.send([bytes]);
    } catch (error) {
      dropConnection();
      throw error;
    } finally {
      writer.close();
    }
  });
  queue = job.catch(() => undefined);
  await job;
}

/** Opens the browser's print dialog with the receipt (always available). */
export async function printReceiptInBrowser(doc: ReceiptDocument, title?: string): Promise<void> {
  const print = await import('./browser-print-receipt.ts');
  await print.printReceiptInBrowser(doc, title);
}

/**
 * Prints a receipt on the paired Bluetooth printer, or in the browser when there is no Web
 * Bluetooth, no paired printer, or the Bluetooth print failed; in the apps, with no printer paired,
 * it shows the app's chooser first. Call it from a click (pairing again may need the chooser).
 * Never throws for a printer problem: the result says what happened.
 */
export async function printReceipt(
  doc: ReceiptDocument,
  options: PrintReceiptOptions = {},
): Promise<ReceiptPrintResult> {
  if (!bluetoothAvailable()) {
    await printReceiptInBrowser(doc, options.title);
    return { via: 'browser', reason: 'no-bluetooth' };
  }
  if (!useSession.getState().xPrinter) {
    if (bluetoothKind() !== 'capacitor-ble') {
      await printReceiptInBrowser(doc, options.title);
      return { via: 'browser', reason: 'not-paired' };
    }
    // The apps' WebViews have no print dialog to fall back on (window.print does nothing in
    // Android's WebView), so the first receipt printed in the app pairs the printer.
    try {
      await pairReceiptPrinter();
    } catch (error) {
      if (isChooserCancelled(error)) return { via: 'none', reason: 'cancelled' };
      await printReceiptInBrowser(doc, options.title);
      return { via: 'browser', reason: 'bluetooth-failed', error };
    }
  }
  try {
    const printer = await printReceiptOverBluetooth(doc, options);
    return { via: 'bluetooth', printer: printer.name };
  } catch (error) {
    if (isChooserCancelled(error)) return { via: 'none', reason: 'cancelled' };
    await printReceiptInBrowser(doc, options.title);
    return { via: 'browser', reason: 'bluetooth-failed', error };
  }
}

/** Where the counter and the settings have always imported it from. */
export { isChooserCancelled };
