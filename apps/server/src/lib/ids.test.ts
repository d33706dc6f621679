import { describe, expect, it } from 'vitest';
import {
  hashCode,
  hashToken,
  newId,
  newOrderedId,
  orderedIdBound,
  newSecretToken,
  newSixDigitCode,
  safeEqualHex,
  newCrockfordCode,
} from './ids.ts';

describe('ids and secrets', () => {
  it('makes v4 UUIDs', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes v7 UUIDs that sort by their time, random past it', () => {
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const at = Date.UTC(2026, 10, 24, 12, 0, 0);
    const ids = [at + 1, at, at + 60_000, at + 1].map((t) => newOrderedId(t));
    for (const id of ids) expect(id).toMatch(v7);
    expect(ids[1]!.slice(0, 13)).toBe(`${at.toString(16).padStart(12, '0').slice(0, 8)}-${at.toString(16).slice(-4)}`);
    expect([...ids].sort()).toEqual([ids[1], ...[ids[0], ids[3]].sort(), ids[2]]);
    const same = new Set(Array.from({ length: 1000 }, () => newOrderedId(at)));
    expect(same.size, 'one millisecond still gives distinct ids').toBe(1000);
  });

  it('bounds the ordered ids of a millisecond from above', () => {
    const at = Date.UTC(2026, 10, 29, 18, 0, 0);
    for (let i = 0; i < 200; i++) {
      expect(newOrderedId(at) <= orderedIdBound(at)).toBe(true);
      expect(newOrderedId(at - 1) <= orderedIdBound(at)).toBe(true);
      expect(newOrderedId(at + 1) > orderedIdBound(at)).toBe(true);
      expect(newOrderedId(at + 1) <= orderedIdBound(at + 1)).toBe(true);
    }
  });

  it('makes 256-bit URL-safe tokens, all different', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSecretToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes 6-digit codes keeping leading zeros, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, newSixDigitCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('hashes tokens with sha256 and codes with a keyed, user-bound HMAC', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const key = new TextEncoder().encode('secret');
    expect(hashCode(key, 'user-1', '123456')).not.toBe(hashCode(key, 'user-2', '123456'));
    expect(hashCode(key, 'user-1', '123456')).not.toBe(hashCode(new TextEncoder().encode('other'), 'user-1', '123456'));
  });

  it('makes Crockford base32 codes from the whole alphabet, all different', () => {
    const codes = Array.from({ length: 2000 }, () => newCrockfordCode(12));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(32);
  });

  it('compares digests in constant time', () => {
    expect(safeEqualHex(hashToken('a'), hashToken('a'))).toBe(true);
    expect(safeEqualHex(hashToken('a'), hashToken('b'))).toBe(false);
    expect(safeEqualHex(hashToken('a'), 'abcd')).toBe(false);
  });
});
