import { isNativeApp } from '../../lib/native-platform.ts';
import type { PrinterProfile } from './printer-profile.ts';
import type { BluetoothKind, PrinterTransport } from './printer-link.ts';
import { webBluetoothAvailable } from '../cat-printer/web-bluetooth.ts';

export { pickEndpoints, type PrinterEndpoints, type PrinterProfile } from './printer-profile.ts';
export type { BluetoothKind, PrinterDevice, PrinterLink, PrinterTransport } from './printer-link.ts';

/**
 * Which Bluetooth stack this device has, decided at run time: the Capacitor plugin inside the
 * apps (Android's WebView and iOS have no Web Bluetooth), Web Bluetooth in Chromium browsers,
 * none elsewhere (Firefox, Safari), where printing falls back to the browser's print dialog.
 */
export function bluetoothKind(): BluetoothKind | null {
  if (isNativeApp()) return 'capacitor-ble';
  return webBluetoothAvailable() ? 'web-bluetooth' : null;
}

export const bluetoothAvailable = (): boolean => bluetoothKind() !== null;

/**
 * The user closed the device chooser (Chrome also says NotFoundError when the adapter is off; the
 * apps' plugin rejects with "requestDevice cancelled.").
 */
export function isChooserCancelled(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'NotFoundError' && /cancel/i.test(error.message);
  return error instanceof Error && /requestDevice cancelled/i.test(error.message);
}

/**
 * The transport for this device: `web` where Web Bluetooth is used, the plugin's adapter in the
 * apps. The plugin is imported only here, inside the native branch, so browsers never load it.
 */
export async function printerTransport(
  profile: PrinterProfile,
  web: () => PrinterTransport,
): Promise<PrinterTransport | null> {
  const kind = bluetoothKind();
  if (kind === 'capacitor-ble') {
    const { capacitorTransport } = await import('./capacitor-ble.ts');
    return capacitorTransport(profile);
  }
  return kind === 'web-bluetooth' ? web() : null;
}
