// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawerPulse } from './drawer-pulse.ts';

describe('drawerPulse', () => {
  it('is ESC p 0 25 250 by default: pin 2, 50 ms on, 500 ms off', () => {
    expect([...drawerPulse()]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });

  it('selects pin 5 and other pulse lengths in 2 ms units', () => {
    expect([...drawerPulse({ pin: 5, onMs: 100, offMs: 200 })]).toEqual([0x1b, 0x70, 0x01, 0x32, 0x64]);
    expect([...drawerPulse({ onMs: 510, offMs: 2 })]).toEqual([0x1b, 0x70, 0x00, 0xff, 0x01]);
  });

  it('refuses a pulse the command cannot express', () => {
    expect(() => drawerPulse({ onMs: 0 })).toThrow(RangeError);
    expect(() => drawerPulse({ offMs: 600 })).toThrow(RangeError);
    expect(() => drawerPulse({ onMs: Number.NaN })).toThrow(RangeError);
  });
});
