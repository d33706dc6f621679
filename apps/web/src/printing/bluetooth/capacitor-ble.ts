import { BleClient } from '@capacitor-community/bluetooth-le';
import { pickEndpoints, type PrinterProfile } from './printer-profile.ts';
import type { PrinterLink, PrinterTransport } from './printer-link.ts';

// Loaded only inside the apps (printer-transport.ts imports this file dynamically).

let ready: Promise<void> | null = null;

/** Asks for the Bluetooth permission once; a refusal is retried on the next print. */
function initialize(): Promise<void> {
  ready ??= BleClient.initialize({ androidNeverForLocation: true }).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** The printers adapter of the apps: `@capacitor-community/bluetooth-le` behind the PrinterTransport of browsers. */
export function capacitorTransport(profile: PrinterProfile): PrinterTransport {
  return {
    kind: 'capacitor-ble',
    async choose() {
      await initialize();
      // No filter: many printers advertise only a name, and the plugin takes one name prefix at
      // most, so the app's chooser lists every device nearby and the user picks the printer.
      const device = await BleClient.requestDevice({ optionalServices: profile.services.map((s) => s.service) });
      return { id: device.deviceId, name: device.name };
    },
    async known(deviceId) {
      await initialize();
      const [device] = await BleClient.getDevices([deviceId]).catch(() => []);
      return device ? { id: device.deviceId, name: device.name } : null;
    },
    async connect(device) {
      await initialize();
      let connected = true;
      await BleClient.connect(device.id, () => {
        connected = false;
      });
      const endpoints = pickEndpoints(profile, await BleClient.getServices(device.id));
      if (!endpoints) {
        await BleClient.disconnect(device.id).catch(() => undefined);
        throw profile.notSupported();
      }
      const listeners = new Set<(bytes: Uint8Array) => void>();
      if (endpoints.notify) {
        await BleClient.startNotifications(device.id, endpoints.service, endpoints.notify, (value) => {
          const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
          for (const listener of listeners) listener(bytes);
        });
      }
      const link: PrinterLink = {
        write: (bytes) => {
          const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          return endpoints.withoutResponse
            ? BleClient.writeWithoutResponse(device.id, endpoints.service, endpoints.write, view)
            : BleClient.write(device.id, endpoints.service, endpoints.write, view);
        },
        onNotify: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        disconnect: () => {
          connected = false;
          void BleClient.disconnect(device.id).catch(() => undefined);
        },
        isConnected: () => connected,
      };
      return link;
    },
  };
}
