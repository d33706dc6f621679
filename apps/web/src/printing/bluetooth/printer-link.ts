import type { BleLink } from '../cat-printer/paced-writer.ts';

// The transport's types, apart from printer-transport.ts: the plugin's adapter (capacitor-ble.ts)
// implements them and is loaded from printer-transport.ts only inside the apps.

/** A printer as both stacks name it: Web Bluetooth's device id or the plugin's (a MAC on Android). */
export interface PrinterDevice {
  id: string;
  name?: string;
}

/** A connected printer: the link the paced writer drives, and whether it is still connected. */
export interface PrinterLink extends BleLink {
  disconnect(): void;
  isConnected(): boolean;
}

/** The device adapter behind the cat label printer and the ESC/POS receipt printer. */
export interface PrinterTransport {
  readonly kind: BluetoothKind;
  /** Shows the device chooser (the browser's or the app's). Needs a user gesture in browsers. */
  choose(): Promise<PrinterDevice>;
  /** A printer paired before, without the chooser, where the stack can find it again. */
  known(deviceId: string): Promise<PrinterDevice | null>;
  connect(device: PrinterDevice): Promise<PrinterLink>;
}

export type BluetoothKind = 'web-bluetooth' | 'capacitor-ble';
