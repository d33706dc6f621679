/**
 * The ESC/POS cash drawer kick (product.md §5: a tender with `opensDrawer` opens the drawer after
 * the sale; "No sale" opens it on its own). A drawer hangs off the receipt printer's RJ11/RJ12
 * drawer port and opens on a pulse the printer sends when it receives `ESC p m t1 t2`:
 * m selects the connector pin (0 = pin 2, 1 = pin 5), the pulse is on for t1 × 2 ms and off for
 * t2 × 2 ms.
 *
 * The default is 1B 70 00 19 FA (27 112 0 25 250), the kick most POS software sends: pin 2, where
 * a single drawer is wired; 50 ms on, enough for common 12/24 V drawer solenoids (a longer pulse
 * only heats the solenoid); 500 ms off, so a second kick right after cannot merge with the first. (The receipt encoder's `pulse()` defaults to 100 ms on: the same command, a
 * longer pulse.) Some drawers are wired to pin 5, or need a longer pulse: the options cover them.
 */
export interface DrawerPulseOptions {
  /** The drawer port's pin the drawer is wired to: 2 (the usual) or 5 (a second drawer). */
  pin?: 2 | 5;
  /** Pulse length, 2–510 ms in steps of 2. */
  onMs?: number;
  /** Pause after it, 2–510 ms in steps of 2. */
  offMs?: number;
}

const ESC = 0x1b;
const P = 0x70;

function twoMsUnits(ms: number, what: string): number {
  const units = Math.round(ms / 2);
  if (!Number.isFinite(ms) || units < 1 || units > 255) throw new RangeError(`${what} must be 2–510 ms`);
  return units;
}

/** The bytes that kick the drawer, to send alone ("No sale") or after a receipt's cut. */
export function drawerPulse(options: DrawerPulseOptions = {}): Uint8Array {
  const { pin = 2, onMs = 50, offMs = 500 } = options;
  return Uint8Array.of(ESC, P, pin === 5 ? 1 : 0, twoMsUnits(onMs, 'onMs'), twoMsUnits(offMs, 'offMs'));
}
