import { describe, expect, it } from 'vitest';
import { PacedWriter, type BleLink } from '../cat-printer/paced-writer.ts';
import { connectReceiptPrinter, RECEIPT_PRINTER_SERVICES, type ReceiptBluetoothDevice } from './receipt-bluetooth.ts';

function recordingLink(): BleLink & { writes: number[][] } {
  const writes: number[][] = [];
  return {
    writes,
    write: async (bytes) => {
      // A slow write: a second write starting before this one ends would show up out of order.
      await new Promise((r) => setTimeout(r, 1));
      writes.push(Array.from(bytes));
    },
    onNotify: () => () => {},
  };
}

describe('receipt bytes go out serialized and chunked', () => {
  it('splits into writes of at most the chunk size, in order, with progress', async () => {
    const link = recordingLink();
    const progress: Array<[number, number]> = [];
    const writer = new PacedWriter(link, { chunkSize: 100, delayMs: 0, onProgress: (s, t) => progress.push([s, t]) });
    const bytes = Uint8Array.from({ length: 250 }, (_, i) => i);
    await writer.send([bytes]);
    expect(link.writes.map((w) => w.length)).toEqual([100, 100, 50]);
    expect(link.writes.flat()).toEqual(Array.from(bytes));
    expect(progress).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });

  it('never interleaves two receipts sent at once', async () => {
    const link = recordingLink();
    const writer = new PacedWriter(link, { chunkSize: 3, delayMs: 0 });
    const a = new Uint8Array(10).fill(0xaa);
    const b = new Uint8Array(10).fill(0xbb);
    await Promise.all([writer.send([a]), writer.send([b])]);
    expect(link.writes.every((w) => w.length <= 3)).toBe(true);
    expect(link.writes.flat()).toEqual([...a, ...b]);
  });
});

describe('connectReceiptPrinter', () => {
  type Characteristic = {
    uuid: string;
    properties: { write: boolean; writeWithoutResponse: boolean };
    writeValueWithResponse: (d: BufferSource) => Promise<void>;
    writeValueWithoutResponse: (d: BufferSource) => Promise<void>;
  };
  const written: Array<[string, number[]]> = [];
  const characteristic = (uuid: string, write: boolean, withoutResponse: boolean): Characteristic => ({
    uuid,
    properties: { write, writeWithoutResponse: withoutResponse },
    writeValueWithResponse: async (d) => void written.push([`${uuid} with`, Array.from(d as Uint8Array)]),
    writeValueWithoutResponse: async (d) => void written.push([`${uuid} without`, Array.from(d as Uint8Array)]),
  });
  const device = (services: Record<string, Characteristic[]>): ReceiptBluetoothDevice => {
    const server = {
      connected: false,
      connect: async () => server,
      disconnect: () => {},
      getPrimaryService: async (uuid: string) => {
        const list = services[uuid];
        if (!list) throw new DOMException('No service', 'NotFoundError');
        return { getCharacteristics: async () => list };
      },
    };
    return { id: 'dev-1', name: 'Printer001', gatt: server };
  };

  it("writes to the 18F0 service's 2AF1 characteristic of an xPrinter", async () => {
    written.length = 0;
    const [xp] = RECEIPT_PRINTER_SERVICES;
    const link = await connectReceiptPrinter(
      device({
        [xp!.service]: [
          characteristic('00002af0-0000-1000-8000-00805f9b34fb', false, false),
          characteristic(xp!.write, true, true),
        ],
      }),
    );
    await link.write(Uint8Array.of(0x1b, 0x40));
    expect(written).toEqual([[`${xp!.write} without`, [0x1b, 0x40]]]);
  });

  it('falls back to any writable characteristic, with response when that is all it takes', async () => {
    written.length = 0;
    const issc = RECEIPT_PRINTER_SERVICES[2]!;
    const link = await connectReceiptPrinter(device({ [issc.service]: [characteristic('custom', true, false)] }));
    await link.write(Uint8Array.of(0x0a));
    expect(written).toEqual([['custom with', [0x0a]]]);
  });

  it('refuses a device that is not a receipt printer', async () => {
    await expect(connectReceiptPrinter(device({}))).rejects.toThrow('not a supported receipt printer');
  });
});
