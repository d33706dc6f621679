import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptDocument } from '@shopdesk/shared';
import { useSession } from '../../lib/session-store.ts';
import { forgetReceiptPrinter, printReceipt } from './print-receipt.ts';
import { useReceiptPrinterSettings } from './receipt-printer-settings.ts';

const browserPrints: ReceiptDocument[] = [];
vi.mock('./browser-print-receipt.ts', () => ({
  printReceiptInBrowser: async (doc: ReceiptDocument) => void browserPrints.push(doc),
}));

const DOC: ReceiptDocument = {
  paperWidth: 80,
  blocks: [
    { kind: 'text', text: 'Corner Shop', align: 'center' },
    { kind: 'pair', left: 'Total', right: '$7.00' },
  ],
};

/** navigator.bluetooth with one printer whose writes are recorded (or fail, when `failing`). */
function installBluetooth(options: { failing?: boolean } = {}) {
  const writes: Uint8Array[] = [];
  const characteristic = {
    uuid: '00002af1-0000-1000-8000-00805f9b34fb',
    properties: { write: true, writeWithoutResponse: true },
    writeValueWithoutResponse: async (d: Uint8Array) => {
      if (options.failing) throw new DOMException('GATT operation failed', 'NetworkError');
      writes.push(d.slice());
    },
    writeValueWithResponse: async () => {},
  };
  const server = {
    connected: false,
    connect: async () => ((server.connected = true), server),
    disconnect: () => void (server.connected = false),
    getPrimaryService: async () => ({ getCharacteristics: async () => [characteristic] }),
  };
  const device = { id: 'xp-1', name: 'XP-58', gatt: server };
  Object.defineProperty(navigator, 'bluetooth', {
    configurable: true,
    value: { requestDevice: async () => device, getDevices: async () => [device] },
  });
  return writes;
}

beforeEach(() => {
  browserPrints.length = 0;
  forgetReceiptPrinter();
  useReceiptPrinterSettings.getState().update({ paperWidth: 58, chunkSize: 100, qrAsImage: false });
  // jsdom has no isSecureContext; Web Bluetooth needs one.
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'bluetooth');
  vi.restoreAllMocks();
});

describe('printReceipt', () => {
  it('opens the print dialog where there is no Web Bluetooth', async () => {
    expect(await printReceipt(DOC)).toEqual({ via: 'browser', reason: 'no-bluetooth' });
    expect(browserPrints).toEqual([DOC]);
  });

  it('opens the print dialog when no printer is paired', async () => {
    installBluetooth();
    expect(await printReceipt(DOC)).toEqual({ via: 'browser', reason: 'not-paired' });
    expect(browserPrints).toHaveLength(1);
  });

  it('sends the ESC/POS bytes to the paired printer, laid out for its roll, in chunks', async () => {
    const writes = installBluetooth();
    useSession.getState().setXPrinter({ deviceId: 'xp-1', name: 'XP-58' });
    const progress: number[] = [];
    const result = await printReceipt(DOC, { onProgress: (sent) => progress.push(sent) });
    expect(result).toEqual({ via: 'bluetooth', printer: 'XP-58' });
    expect(browserPrints).toHaveLength(0);
    expect(writes.every((w) => w.length <= 100)).toBe(true);
    const bytes = Buffer.concat(writes);
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0x1b, 0x40]);
    // The document says 80 mm, the printer holds a 58 mm roll: 32 columns.
    expect(bytes.toString('latin1')).toContain(`Total${' '.repeat(22)}$7.00\n`);
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('falls back to the print dialog, with the error, when Bluetooth fails', async () => {
    installBluetooth({ failing: true });
    useSession.getState().setXPrinter({ deviceId: 'xp-1', name: 'XP-58' });
    const result = await printReceipt(DOC);
    expect(result).toMatchObject({ via: 'browser', reason: 'bluetooth-failed' });
    expect(result.via === 'browser' && (result.error as Error).name).toBe('NetworkError');
    expect(browserPrints).toEqual([DOC]);
  });
});
