import type { BleLink } from '../cat-printer/paced-writer.ts';

// The few Web Bluetooth types used here; TypeScript's DOM library does not ship them.
interface GattCharacteristic {
  uuid: string;
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithResponse(data: BufferSource): Promise<void>;
  writeValueWithoutResponse(data: BufferSource): Promise<void>;
}
interface GattService {
  getCharacteristics(): Promise<GattCharacteristic[]>;
}
interface GattServer {
  connected: boolean;
  connect(): Promise<GattServer>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<GattService>;
}
export interface ReceiptBluetoothDevice {
  id: string;
  name?: string;
  gatt?: GattServer;
}
interface BluetoothLike {
  requestDevice(options: unknown): Promise<ReceiptBluetoothDevice>;
  getDevices?: () => Promise<ReceiptBluetoothDevice[]>;
}

/**
 * Services of cheap BLE ESC/POS printers (xPrinter, MTP/PT-210 and their many rebrands) with the
 * characteristic each writes print data to. The service decides; the characteristic is a hint,
 * since some firmware moves it: any writable one of the service is used when it is missing.
 */
export const RECEIPT_PRINTER_SERVICES: ReadonlyArray<{ service: string; write: string }> = [
  { service: '000018f0-0000-1000-8000-00805f9b34fb', write: '00002af1-0000-1000-8000-00805f9b34fb' },
  { service: 'e7810a71-73ae-499d-8c15-faa9aef0c3f2', write: 'bef8d6c9-9c21-4c9e-b632-bd58c1009f9f' },
  { service: '49535343-fe7d-4ae5-8fa9-9fafd205e455', write: '49535343-8841-43f4-a8d4-ecbe34729bb3' },
  { service: '0000ff00-0000-1000-8000-00805f9b34fb', write: '0000ff02-0000-1000-8000-00805f9b34fb' },
  { service: '0000fee7-0000-1000-8000-00805f9b34fb', write: '0000fec7-0000-1000-8000-00805f9b34fb' },
];

// Printers that advertise only their name, not their service.
export const RECEIPT_NAME_PREFIXES = [
  'Printer',
  'XP-',
  'Xprinter',
  'MTP',
  'MPT',
  'PT-',
  'RPP',
  'P58',
  'P80',
  'POS',
  'BlueTooth Printer',
];

/**
 * The largest write a BLE attribute takes (512 bytes). Web Bluetooth does not tell the negotiated
 * MTU, so this is the ceiling the chunk size setting allows; 100 bytes is safe on every printer.
 */
export const MAX_BLE_WRITE = 512;
export const DEFAULT_CHUNK_SIZE = 100;
export const MIN_CHUNK_SIZE = 20;

/** A printer problem the settings and the counter can name in the user's language. */
export class ReceiptPrinterError extends Error {
  constructor(
    readonly code: 'no-bluetooth' | 'not-a-printer' | 'not-paired',
    message: string,
  ) {
    super(message);
    this.name = 'ReceiptPrinterError';
  }
}

const bluetooth = () => (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;

/** Shows the browser's device chooser, filtered to receipt printers. Needs a user gesture. */
export async function chooseReceiptPrinter(): Promise<ReceiptBluetoothDevice> {
  const bt = bluetooth();
  if (!bt) throw new ReceiptPrinterError('no-bluetooth', 'Web Bluetooth is not available');
  const services = RECEIPT_PRINTER_SERVICES.map((s) => s.service);
  return bt.requestDevice({
    filters: [
      ...services.map((s) => ({ services: [s] })),
      ...RECEIPT_NAME_PREFIXES.map((namePrefix) => ({ namePrefix })),
    ],
    optionalServices: services,
  });
}

/** A printer this site was allowed before, without the chooser (where the browser supports it). */
export async function knownReceiptPrinter(deviceId: string): Promise<ReceiptBluetoothDevice | null> {
  const devices =
    (await bluetooth()
      ?.getDevices?.()
      .catch(() => [])) ?? [];
  return devices.find((d) => d.id === deviceId) ?? null;
}

/** Connects and finds the characteristic that takes print data; the link the paced writer drives. */
export async function connectReceiptPrinter(device: ReceiptBluetoothDevice): Promise<BleLink & { disconnect(): void }> {
  if (!device.gatt) throw new ReceiptPrinterError('not-a-printer', 'This device has no GATT server');
  const server = device.gatt.connected ? device.gatt : await device.gatt.connect();
  for (const known of RECEIPT_PRINTER_SERVICES) {
    const service = await server.getPrimaryService(known.service).catch(() => null);
    if (!service) continue;
    const writable = (await service.getCharacteristics()).filter(
      (c) => c.properties.write || c.properties.writeWithoutResponse,
    );
    const characteristic = writable.find((c) => c.uuid === known.write) ?? writable[0];
    if (!characteristic) continue;
    // Without-response writes are faster; the paced writer's pause keeps the printer's buffer fed.
    const write = characteristic.properties.writeWithoutResponse
      ? (b: BufferSource) => characteristic.writeValueWithoutResponse(b)
      : (b: BufferSource) => characteristic.writeValueWithResponse(b);
    return {
      write: (bytes) => write(bytes as Uint8Array<ArrayBuffer>),
      onNotify: () => () => {},
      disconnect: () => server.disconnect(),
    };
  }
  server.disconnect();
  throw new ReceiptPrinterError('not-a-printer', 'This is not a supported receipt printer');
}
