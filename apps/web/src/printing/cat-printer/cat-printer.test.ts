import { describe, expect, it } from 'vitest';
import { crc8 } from './crc8.ts';
import { CAT_ROW_BYTES, Command, flowControlOf, frame, packRow, parseFrame, printJob } from './protocol.ts';
import { PacedWriter, type BleLink } from './paced-writer.ts';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

describe('crc8', () => {
  it('is CRC-8 with polynomial 0x07 (check value of "123456789" is 0xF4)', () => {
    expect(crc8(new TextEncoder().encode('123456789'))).toBe(0xf4);
    expect(crc8(new Uint8Array([]))).toBe(0);
    expect(crc8(new Uint8Array([0x00]))).toBe(0);
    expect(crc8(new Uint8Array([0x01]))).toBe(0x07);
  });
});

describe('frames', () => {
  it('lays out 51 78 cmd 00 lenLo lenHi payload crc ff', () => {
    expect(hex(frame(Command.GET_DEVICE_STATE, [0]))).toBe('51 78 a3 00 01 00 00 00 ff');
    expect(hex(frame(Command.SET_QUALITY, [0x33]))).toBe(
      `51 78 a4 00 01 00 33 ${crc8(Uint8Array.of(0x33)).toString(16)} ff`,
    );
    const long = frame(Command.DRAW_BITMAP, new Uint8Array(300).fill(1));
    expect(long[4]).toBe(300 & 0xff);
    expect(long[5]).toBe(1);
    expect(long.length).toBe(308);
  });

  it('round-trips through the parser and rejects corrupt frames', () => {
    const f = frame(Command.FEED_PAPER, [0x50, 0x00]);
    expect(parseFrame(f)).toEqual({ command: Command.FEED_PAPER, payload: Uint8Array.of(0x50, 0) });
    const corrupt = f.slice();
    corrupt[6] = 0x51;
    expect(parseFrame(corrupt)).toBeNull();
    expect(parseFrame(Uint8Array.of(1, 2, 3))).toBeNull();
  });
});

describe('bit order', () => {
  it('puts the leftmost dot in the least significant bit', () => {
    const row = packRow([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(row.length).toBe(CAT_ROW_BYTES);
    expect(row[0]).toBe(0b0000_0001);
    expect(row[1]).toBe(0b0000_0010);
    expect(row.slice(2).every((b) => b === 0)).toBe(true);
  });

  it('packs a full black row as 48 bytes of ff and a rightmost dot as the top bit of byte 47', () => {
    expect(packRow(new Array(384).fill(true)).every((b) => b === 0xff)).toBe(true);
    const dots = new Array(384).fill(false);
    dots[383] = true;
    expect(packRow(dots)[47]).toBe(0x80);
  });

  it('draws each bitmap row as one frame between the lattice frames', () => {
    // A 16x3 bitmap: a diagonal of three dots.
    const data = new Uint8Array(48);
    data[0] = 1;
    data[16 + 1] = 1;
    data[32 + 2] = 1;
    const frames = printJob({ width: 16, height: 3, data });
    const rows = frames.filter((f) => f[2] === Command.DRAW_BITMAP).map((f) => parseFrame(f)!.payload);
    expect(rows.map((r) => r[0])).toEqual([0b001, 0b010, 0b100]);
    expect(frames.at(-1)![2]).toBe(Command.LATTICE);
    expect(frames.findIndex((f) => f[2] === Command.LATTICE)).toBeLessThan(
      frames.findIndex((f) => f[2] === Command.DRAW_BITMAP),
    );
  });
});

describe('flow control', () => {
  // As the printer sends them: byte 3 is 01 in the printer-to-host direction.
  const pause = Uint8Array.of(0x51, 0x78, 0xae, 0x01, 0x01, 0x00, 0x10, 0x70, 0xff);
  const resume = Uint8Array.of(0x51, 0x78, 0xae, 0x01, 0x01, 0x00, 0x00, 0x00, 0xff);

  it('reads pause and resume notifications', () => {
    expect(hex(frame(Command.FLOW_CONTROL, [0x10]))).toBe('51 78 ae 00 01 00 10 70 ff');
    expect(flowControlOf(pause)).toBe('pause');
    expect(flowControlOf(resume)).toBe('resume');
    expect(flowControlOf(frame(Command.GET_DEVICE_STATE, [0]))).toBeNull();
  });

  it('stops writing while paused and goes on after resume, in order, one write at a time', async () => {
    let notify: (b: Uint8Array) => void = () => {};
    const written: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const link: BleLink = {
      async write(bytes) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await Promise.resolve();
        written.push(...bytes);
        inFlight--;
        // The printer's buffer fills after the first chunk.
        if (written.length === 4) notify(pause);
      },
      onNotify(listener) {
        notify = listener;
        return () => {};
      },
    };
    const writer = new PacedWriter(link, { chunkSize: 4, delayMs: 0 });
    const bytes = Uint8Array.from({ length: 12 }, (_, i) => i);
    const done = writer.send([bytes]);
    await new Promise((r) => setTimeout(r, 10));
    expect(writer.isPaused).toBe(true);
    expect(written).toEqual([0, 1, 2, 3]);
    notify(resume);
    await done;
    expect(written).toEqual(Array.from(bytes));
    expect(maxInFlight).toBe(1);
  });

  it('serializes two jobs sent at once', async () => {
    const written: number[] = [];
    const link: BleLink = {
      async write(b) {
        await new Promise((r) => setTimeout(r, 1));
        written.push(...b);
      },
      onNotify: () => () => {},
    };
    const writer = new PacedWriter(link, { chunkSize: 2, delayMs: 0 });
    await Promise.all([writer.send([Uint8Array.of(1, 1, 1)]), writer.send([Uint8Array.of(2, 2, 2)])]);
    expect(written).toEqual([1, 1, 1, 2, 2, 2]);
  });
});
