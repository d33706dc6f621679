import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterApp, leaveApp } from '../../lib/native-platform.test-support.ts';
import { catPrinterTransport } from '../cat-printer/cat-transport.ts';
import { printCopies } from '../cat-printer/print-labels.ts';
import { CAT_NOTIFY_CHARACTERISTIC, CAT_WRITE_CHARACTERISTIC, frame } from '../cat-printer/protocol.ts';
import { ReceiptPrinterError } from '../receipts/receipt-bluetooth.ts';
import { receiptPrinterTransport } from '../receipts/receipt-transport.ts';
import { forgetReceiptPrinter, printReceipt } from '../receipts/print-receipt.ts';
import { useSession } from '../../lib/session-store.ts';
import { bluetoothAvailable, bluetoothKind, isChooserCancelled, pickEndpoints } from './printer-transport.ts';
import { CAT_PRINTER_PROFILE } from '../cat-printer/cat-transport.ts';
import { RECEIPT_PRINTER_PROFILE } from '../receipts/receipt-transport.ts';

// The apps' plugin, as the Capacitor bridge would answer: one device whose services the test sets,
// every write and the notification callback recorded.
const ble = vi.hoisted(() => {
  const state = {
    services: [] as Array<{ uuid: string; characteristics: unknown[] }>,
    writes: [] as Array<{ kind: string; characteristic: string; bytes: number[] }>,
    notify: null as ((value: DataView) => void) | null,
    calls: [] as string[],
  };
  const record =
    (name: string, result: unknown = undefined) =>
    async (...args: unknown[]) => {
      state.calls.push(name);
      return typeof result === 'function' ? (result as (...a: unknown[]) => unknown)(...args) : result;
    };
  const write = (kind: string) => async (_id: string, _service: string, characteristic: string, value: DataView) => {
    state.writes.push({
      kind,
      characteristic,
      bytes: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)),
    });
  };
  const BleClient = {
    initialize: record('initialize'),
    requestDevice: record('requestDevice', { deviceId: 'AA:BB:CC:DD:EE:FF', name: 'GB02' }),
    getDevices: record('getDevices', (ids: string[]) => ids.map((deviceId) => ({ deviceId, name: 'GB02' }))),
    connect: record('connect'),
    disconnect: record('disconnect'),
    getServices: record('getServices', () => state.services),
    startNotifications: record(
      'startNotifications',
      (_d: string, _s: string, _c: string, cb: (v: DataView) => void) => {
        state.notify = cb;
      },
    ),
    writeWithoutResponse: write('withoutResponse'),
    write: write('withResponse'),
  };
  return { state, BleClient };
});
vi.mock('@capacitor-community/bluetooth-le', () => ({ BleClient: ble.BleClient }));
const browserPrints = vi.hoisted(() => [] as unknown[]);
vi.mock('../receipts/browser-print-receipt.ts', () => ({
  printReceiptInBrowser: async (doc: unknown) => void browserPrints.push(doc),
}));

const props = (p: Partial<Record<'write' | 'writeWithoutResponse' | 'notify', boolean>>) => ({
  write: false,
  writeWithoutResponse: false,
  notify: false,
  ...p,
});
const CAT_SERVICE = {
  uuid: '0000ae30-0000-1000-8000-00805f9b34fb',
  characteristics: [
    { uuid: CAT_WRITE_CHARACTERISTIC, properties: props({ writeWithoutResponse: true }) },
    { uuid: CAT_NOTIFY_CHARACTERISTIC, properties: props({ notify: true }) },
  ],
};

function installWebBluetooth() {
  const requestDevice = vi.fn(async (_options: unknown) => ({ id: 'web-1', name: 'GB02' }));
  Object.defineProperty(navigator, 'bluetooth', { configurable: true, value: { requestDevice } });
  return requestDevice;
}

beforeEach(() => {
  forgetReceiptPrinter();
  browserPrints.length = 0;
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.assign(ble.state, { services: [], writes: [], notify: null, calls: [] });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'bluetooth');
  leaveApp();
});

describe('the Bluetooth adapter chosen at run time', () => {
  it('is Web Bluetooth in a browser that has it', async () => {
    const requestDevice = installWebBluetooth();
    expect(bluetoothKind()).toBe('web-bluetooth');
    const transport = await catPrinterTransport();
    expect(transport?.kind).toBe('web-bluetooth');
    expect(await transport!.choose()).toMatchObject({ id: 'web-1' });
    // The browser's chooser, filtered to cat printers; the plugin is never touched.
    expect(requestDevice.mock.calls[0]![0]).toMatchObject({
      optionalServices: CAT_PRINTER_PROFILE.services.map((s) => s.service),
    });
    expect(ble.state.calls).toEqual([]);
  });

  it('is none in a browser without Web Bluetooth (Firefox, Safari): printing falls back to the print dialog', async () => {
    expect(bluetoothKind()).toBeNull();
    expect(bluetoothAvailable()).toBe(false);
    expect(await catPrinterTransport()).toBeNull();
    expect(await receiptPrinterTransport()).toBeNull();
  });

  it('is none on a page that is not a secure context, even with navigator.bluetooth', () => {
    installWebBluetooth();
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    expect(bluetoothKind()).toBeNull();
  });

  it('is the Capacitor plugin in the apps, where the WebView has no Web Bluetooth', async () => {
    enterApp('ios');
    expect(bluetoothKind()).toBe('capacitor-ble');
    const transport = await receiptPrinterTransport();
    expect(transport?.kind).toBe('capacitor-ble');
    expect(await transport!.choose()).toEqual({ id: 'AA:BB:CC:DD:EE:FF', name: 'GB02' });
    expect(ble.state.calls).toEqual(['initialize', 'requestDevice']);
  });

  it('prefers the plugin in the apps even where the WebView offers navigator.bluetooth', async () => {
    const requestDevice = installWebBluetooth();
    enterApp('android');
    const transport = await catPrinterTransport();
    expect(transport?.kind).toBe('capacitor-ble');
    await transport!.choose();
    expect(requestDevice).not.toHaveBeenCalled();
  });
});

describe('the apps’ cat printer link', () => {
  it('writes the paced, chunked frames without response and honours the printer’s pause', async () => {
    enterApp();
    ble.state.services = [CAT_SERVICE];
    const transport = (await catPrinterTransport())!;
    const link = await transport.connect({ id: 'AA:BB:CC:DD:EE:FF' });
    expect(link.isConnected()).toBe(true);

    // The printer says "pause" as the job starts: nothing may be written until "resume".
    const bitmap = { width: 384, height: 8, data: new Uint8Array(48 * 8).fill(0xff) };
    const printing = printCopies(link, bitmap, 1);
    ble.state.notify!(new DataView(Uint8Array.from(frame(0xae, [0x10])).buffer));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(ble.state.writes).toEqual([]);
    ble.state.notify!(new DataView(Uint8Array.from(frame(0xae, [0x00])).buffer));
    await printing;

    expect(ble.state.writes.length).toBeGreaterThan(1);
    expect(
      ble.state.writes.every((w) => w.kind === 'withoutResponse' && w.characteristic === CAT_WRITE_CHARACTERISTIC),
    ).toBe(true);
    expect(ble.state.writes.every((w) => w.bytes.length <= 180)).toBe(true);
    // Every frame starts 51 78 (product.md §8).
    expect(ble.state.writes[0]!.bytes.slice(0, 2)).toEqual([0x51, 0x78]);

    link.disconnect();
    expect(link.isConnected()).toBe(false);
    await vi.waitFor(() => expect(ble.state.calls).toContain('disconnect'));
  });
});

describe('the apps’ receipt printer link', () => {
  it('falls back to any writable characteristic of a known service, with response when that is all it takes', async () => {
    enterApp();
    ble.state.services = [
      {
        uuid: '49535343-FE7D-4AE5-8FA9-9FAFD205E455',
        characteristics: [{ uuid: 'custom', properties: props({ write: true }) }],
      },
    ];
    const link = await (await receiptPrinterTransport())!.connect({ id: 'printer' });
    await link.write(Uint8Array.from([0x1b, 0x40]));
    expect(ble.state.writes).toEqual([{ kind: 'withResponse', characteristic: 'custom', bytes: [0x1b, 0x40] }]);
    // ESC/POS printers send no notifications: nothing was subscribed.
    expect(ble.state.calls).not.toContain('startNotifications');
  });

  it('refuses a device that is not a receipt printer, and lets it go', async () => {
    enterApp();
    ble.state.services = [{ uuid: '0000180f-0000-1000-8000-00805f9b34fb', characteristics: [] }];
    const connecting = (await receiptPrinterTransport())!.connect({ id: 'headphones' });
    await expect(connecting).rejects.toBeInstanceOf(ReceiptPrinterError);
    expect(ble.state.calls).toContain('disconnect');
  });
});

describe('printing a receipt in the apps with no printer paired', () => {
  const doc = {
    paperWidth: 58 as const,
    blocks: [{ kind: 'text' as const, text: 'Corner Shop', align: 'center' as const }],
  };

  it('pairs through the app’s chooser and prints over the plugin (the WebView has no print dialog)', async () => {
    enterApp('android');
    ble.state.services = [
      {
        uuid: '000018f0-0000-1000-8000-00805f9b34fb',
        characteristics: [
          { uuid: '00002af1-0000-1000-8000-00805f9b34fb', properties: props({ writeWithoutResponse: true }) },
        ],
      },
    ];
    expect(await printReceipt(doc)).toEqual({ via: 'bluetooth', printer: 'GB02' });
    expect(useSession.getState().xPrinter).toEqual({ deviceId: 'AA:BB:CC:DD:EE:FF', name: 'GB02' });
    expect(ble.state.writes.flatMap((w) => w.bytes).slice(0, 2)).toEqual([0x1b, 0x40]);
    expect(browserPrints).toHaveLength(0);
  });

  it('prints nothing when the chooser is closed', async () => {
    enterApp('ios');
    ble.BleClient.requestDevice = async () => {
      throw new Error('requestDevice cancelled.');
    };
    try {
      expect(await printReceipt(doc)).toEqual({ via: 'none', reason: 'cancelled' });
      expect(browserPrints).toHaveLength(0);
    } finally {
      ble.BleClient.requestDevice = async () => ({ deviceId: 'AA:BB:CC:DD:EE:FF', name: 'GB02' });
    }
  });
});

describe('pickEndpoints', () => {
  it('takes the listed write characteristic and, for cat printers, the notify one', () => {
    expect(pickEndpoints(CAT_PRINTER_PROFILE, [CAT_SERVICE])).toEqual({
      service: CAT_SERVICE.uuid,
      write: CAT_WRITE_CHARACTERISTIC,
      withoutResponse: true,
      notify: CAT_NOTIFY_CHARACTERISTIC,
    });
  });

  it('never guesses a cat printer’s write characteristic', () => {
    const moved = { ...CAT_SERVICE, characteristics: [{ uuid: 'other', properties: props({ write: true }) }] };
    expect(pickEndpoints(CAT_PRINTER_PROFILE, [moved])).toBeNull();
    expect(pickEndpoints(RECEIPT_PRINTER_PROFILE, [moved])).toBeNull();
  });
});

describe('isChooserCancelled', () => {
  it('knows the browser’s and the apps’ ways of saying the chooser was closed', () => {
    expect(isChooserCancelled(new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError'))).toBe(
      true,
    );
    expect(isChooserCancelled(new Error('requestDevice cancelled.'))).toBe(true);
    expect(isChooserCancelled(new DOMException('Bluetooth adapter not available.', 'NotFoundError'))).toBe(false);
    expect(isChooserCancelled(new Error('Connection timeout'))).toBe(false);
  });
});
