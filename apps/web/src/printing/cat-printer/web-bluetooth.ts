import type { BleLink } from './paced-writer.ts';
import { CAT_NOTIFY_CHARACTERISTIC, CAT_SERVICE_UUIDS, CAT_WRITE_CHARACTERISTIC } from './protocol.ts';

// The few Web Bluetooth types used here; TypeScript's DOM library does not ship them.
interface GattCharacteristic extends EventTarget {
  value?: DataView;
  writeValueWithoutResponse(data: BufferSource): Promise<void>;
  startNotifications(): Promise<GattCharacteristic>;
}
interface GattService {
  getCharacteristic(uuid: string): Promise<GattCharacteristic>;
}
interface GattServer {
  connected: boolean;
  connect(): Promise<GattServer>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<GattService>;
}
export interface BluetoothDeviceLike extends EventTarget {
  id: string;
  name?: string;
  gatt?: GattServer;
}
interface BluetoothLike {
  requestDevice(options: unknown): Promise<BluetoothDeviceLike>;
  getDevices?: () => Promise<BluetoothDeviceLike[]>;
}

const bluetooth = () => (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;

/** Web Bluetooth exists in Chromium browsers (desktop, Android); not in Firefox or iOS Safari. */
export function webBluetoothAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(bluetooth()) && window.isSecureContext;
}

// Many cat printers advertise only their name, not their service, so names are matched too.
export const CAT_NAME_PREFIXES = ['GB0', 'GT0', 'MX0', 'MX1', 'YT0', 'X6', 'X7'];

/** Shows the browser's device chooser, filtered to cat printers. Needs a user gesture. */
export async function chooseCatPrinter(): Promise<BluetoothDeviceLike> {
  const bt = bluetooth();
  if (!bt) throw new Error('Web Bluetooth is not available');
  return bt.requestDevice({
    filters: [
      ...CAT_SERVICE_UUIDS.map((s) => ({ services: [s] })),
      ...CAT_NAME_PREFIXES.map((namePrefix) => ({ namePrefix })),
    ],
    optionalServices: [...CAT_SERVICE_UUIDS],
  });
}

/** A printer this site was allowed before, without the chooser (where the browser supports it). */
export async function knownCatPrinter(deviceId: string): Promise<BluetoothDeviceLike | null> {
  const devices =
    (await bluetooth()
      ?.getDevices?.()
      .catch(() => [])) ?? [];
  return devices.find((d) => d.id === deviceId) ?? null;
}

/** Connects and returns the link the paced writer drives (the BleLink of paced-writer.ts). */
export async function connectCatPrinter(device: BluetoothDeviceLike): Promise<BleLink & { disconnect(): void }> {
  if (!device.gatt) throw new Error('This device has no GATT server');
  const server = await device.gatt.connect();
  let service: GattService | null = null;
  for (const uuid of CAT_SERVICE_UUIDS) {
    service = await server.getPrimaryService(uuid).catch(() => null);
    if (service) break;
  }
  if (!service) throw new Error('This is not a supported cat printer');
  const write = await service.getCharacteristic(CAT_WRITE_CHARACTERISTIC);
  const notify = await service.getCharacteristic(CAT_NOTIFY_CHARACTERISTIC);
  await notify.startNotifications();
  return {
    write: (bytes) => write.writeValueWithoutResponse(bytes as Uint8Array<ArrayBuffer>),
    onNotify: (listener) => {
      const handler = () => {
        const v = notify.value;
        if (v) listener(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      };
      notify.addEventListener('characteristicvaluechanged', handler);
      return () => notify.removeEventListener('characteristicvaluechanged', handler);
    },
    disconnect: () => server.disconnect(),
  };
}
