import { crc8 } from './crc8.ts';

/**
 * The cat-printer (GB01/GB02/GB03/MX05/MX06/MX10) BLE protocol of product.md §8. Every message is a
 * frame `51 78 cmd 00 lenLo lenHi payload crc8 ff`; the printer answers on the notify
 * characteristic with frames of the same shape.
 */
export const CAT_SERVICE_UUIDS = [
  '0000ae30-0000-1000-8000-00805f9b34fb',
  '0000af30-0000-1000-8000-00805f9b34fb',
] as const;
export const CAT_WRITE_CHARACTERISTIC = '0000ae01-0000-1000-8000-00805f9b34fb';
export const CAT_NOTIFY_CHARACTERISTIC = '0000ae02-0000-1000-8000-00805f9b34fb';

/** Dots per printed row, and so bytes per bitmap row. */
export const CAT_ROW_DOTS = 384;
export const CAT_ROW_BYTES = CAT_ROW_DOTS / 8;

export const Command = {
  DRAW_BITMAP: 0xa2,
  FEED_PAPER: 0xa1,
  GET_DEVICE_STATE: 0xa3,
  SET_QUALITY: 0xa4,
  LATTICE: 0xa6,
  FLOW_CONTROL: 0xae,
  SET_ENERGY: 0xaf,
  SET_SPEED: 0xbd,
  DRAWING_MODE: 0xbe,
} as const;

export function frame(command: number, payload: ArrayLike<number> = [0]): Uint8Array {
  const data = Uint8Array.from(payload);
  const out = new Uint8Array(data.length + 8);
  out.set([0x51, 0x78, command, 0x00, data.length & 0xff, (data.length >> 8) & 0xff], 0);
  out.set(data, 6);
  out[6 + data.length] = crc8(data);
  out[7 + data.length] = 0xff;
  return out;
}

export interface ParsedFrame {
  command: number;
  payload: Uint8Array;
}

/** Reads one frame sent by the printer; null when the bytes are not a well-formed frame. */
export function parseFrame(bytes: Uint8Array): ParsedFrame | null {
  if (bytes.length < 8 || bytes[0] !== 0x51 || bytes[1] !== 0x78) return null;
  const length = bytes[4]! | (bytes[5]! << 8);
  if (bytes.length < length + 8 || bytes[7 + length] !== 0xff) return null;
  const payload = bytes.slice(6, 6 + length);
  if (crc8(payload) !== bytes[6 + length]) return null;
  return { command: bytes[2]!, payload };
}

/**
 * Flow control: when its buffer fills the printer sends `AE` with payload `10`, meaning "pause";
 * payload `00` means "resume". Returns null for frames that are not flow control.
 */
export function flowControlOf(bytes: Uint8Array): 'pause' | 'resume' | null {
  const parsed = parseFrame(bytes);
  if (!parsed || parsed.command !== Command.FLOW_CONTROL) return null;
  return parsed.payload[0] === 0x10 ? 'pause' : 'resume';
}

const LATTICE_START = [0xaa, 0x55, 0x17, 0x38, 0x44, 0x5f, 0x5f, 0x5f, 0x44, 0x38, 0x2c];
const LATTICE_END = [0xaa, 0x55, 0x17, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x17];

const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

/**
 * Packs one row of dots (true = black, index 0 = leftmost) into the printer's 48 bytes: the least
 * significant bit of each byte is the leftmost of its eight dots.
 */
export function packRow(dots: ArrayLike<boolean | number>): Uint8Array {
  const row = new Uint8Array(CAT_ROW_BYTES);
  const width = Math.min(dots.length, CAT_ROW_DOTS);
  for (let x = 0; x < width; x++) if (dots[x]) row[x >> 3]! |= 1 << (x & 7);
  return row;
}

/** A 1-bit image: `data[y * width + x]` is 1 for a black dot. */
export interface MonoBitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PrintOptions {
  /** Print darkness, 1 (light) … 5 (dark). */
  quality?: number;
  /** Heating energy; higher is darker and slower. */
  energy?: number;
  /** Rows of blank paper fed after the image so it can be torn off. */
  feedAfter?: number;
}

/**
 * The frames that print `bitmap`, in order. Rows wider than 384 dots are cut; narrower ones are
 * left-aligned (callers centre their content when they draw it).
 */
export function printJob(bitmap: MonoBitmap, options: PrintOptions = {}): Uint8Array[] {
  const { quality = 3, energy = 0x3000, feedAfter = 80 } = options;
  const frames: Uint8Array[] = [
    frame(Command.GET_DEVICE_STATE, [0]),
    frame(Command.SET_QUALITY, [0x30 + Math.min(5, Math.max(1, quality))]),
    frame(Command.SET_ENERGY, le16(energy)),
    frame(Command.DRAWING_MODE, [0]),
    frame(Command.LATTICE, LATTICE_START),
  ];
  for (let y = 0; y < bitmap.height; y++) {
    const start = y * bitmap.width;
    frames.push(frame(Command.DRAW_BITMAP, packRow(bitmap.data.subarray(start, start + bitmap.width))));
  }
  frames.push(frame(Command.FEED_PAPER, le16(feedAfter)), frame(Command.LATTICE, LATTICE_END));
  return frames;
}
