import { printerTransport, type PrinterProfile, type PrinterTransport } from '../bluetooth/printer-transport.ts';
import { CAT_NOTIFY_CHARACTERISTIC, CAT_SERVICE_UUIDS, CAT_WRITE_CHARACTERISTIC } from './protocol.ts';
import {
  CAT_NAME_PREFIXES,
  chooseCatPrinter,
  connectCatPrinter,
  knownCatPrinter,
  type BluetoothDeviceLike,
} from './web-bluetooth.ts';

/** Cat printers: a write and a notify characteristic (pause/resume) in either of two services. */
export const CAT_PRINTER_PROFILE: PrinterProfile = {
  services: CAT_SERVICE_UUIDS.map((service) => ({
    service,
    write: CAT_WRITE_CHARACTERISTIC,
    notify: CAT_NOTIFY_CHARACTERISTIC,
  })),
  namePrefixes: CAT_NAME_PREFIXES,
  anyWritable: false,
  notSupported: () => new Error('This is not a supported cat printer'),
};

const webCatTransport = (): PrinterTransport => ({
  kind: 'web-bluetooth',
  choose: chooseCatPrinter,
  known: knownCatPrinter,
  async connect(device) {
    // Devices handed to connect come from choose/known above, so they are Web Bluetooth devices.
    const web = device as BluetoothDeviceLike;
    const link = await connectCatPrinter(web);
    return { ...link, isConnected: () => Boolean(web.gatt?.connected) };
  },
});

/** The cat printer's transport on this device; null where there is no Bluetooth at all. */
export const catPrinterTransport = (): Promise<PrinterTransport | null> =>
  printerTransport(CAT_PRINTER_PROFILE, webCatTransport);
