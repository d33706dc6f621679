import { printerTransport, type PrinterProfile, type PrinterTransport } from '../bluetooth/printer-transport.ts';
import {
  chooseReceiptPrinter,
  connectReceiptPrinter,
  knownReceiptPrinter,
  RECEIPT_NAME_PREFIXES,
  RECEIPT_PRINTER_SERVICES,
  ReceiptPrinterError,
  type ReceiptBluetoothDevice,
} from './receipt-bluetooth.ts';

/** ESC/POS printers: one of the known services, written to without flow control. */
export const RECEIPT_PRINTER_PROFILE: PrinterProfile = {
  services: RECEIPT_PRINTER_SERVICES,
  namePrefixes: RECEIPT_NAME_PREFIXES,
  anyWritable: true,
  notSupported: () => new ReceiptPrinterError('not-a-printer', 'This is not a supported receipt printer'),
};

const webReceiptTransport = (): PrinterTransport => ({
  kind: 'web-bluetooth',
  choose: chooseReceiptPrinter,
  known: knownReceiptPrinter,
  async connect(device) {
    // Devices handed to connect come from choose/known above, so they are Web Bluetooth devices.
    const web = device as ReceiptBluetoothDevice;
    const link = await connectReceiptPrinter(web);
    return { ...link, isConnected: () => Boolean(web.gatt?.connected) };
  },
});

/** The receipt printer's transport on this device; null where there is no Bluetooth at all. */
export const receiptPrinterTransport = (): Promise<PrinterTransport | null> =>
  printerTransport(RECEIPT_PRINTER_PROFILE, webReceiptTransport);
