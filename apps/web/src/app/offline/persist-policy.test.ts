import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import {
  boundPersistedClient,
  cacheKey,
  isBeyondFirstScreen,
  shouldPersistQuery,
  type PersistLimits,
} from './persist-policy.ts';

type Dehydrated = PersistedClient['clientState']['queries'][number];

const query = (queryKey: unknown[], data: unknown, status: 'success' | 'error' | 'pending' = 'success') => ({
  queryKey,
  state: { status, data } as never,
});

const dehydrated = (key: string, dataUpdatedAt: number, data: unknown = { name: key }): Dehydrated =>
  ({
    queryKey: ['products', 'shop', 'code', key],
    queryHash: JSON.stringify(['products', 'shop', 'code', key]),
    state: { status: 'success', data, dataUpdatedAt } as never,
    dehydratedAt: NOW,
  }) as Dehydrated;

const client = (queries: Dehydrated[]): PersistedClient => ({
  buster: 'b',
  timestamp: 0,
  clientState: { queries, mutations: [{} as never] },
});

const NOW = 1_000_000_000;
const limits = (over: Partial<PersistLimits> = {}): PersistLimits => ({
  maxQueries: 100,
  maxChars: 1_000_000,
  maxAgeMs: 10_000,
  ...over,
});

describe('shouldPersistQuery', () => {
  it('keeps product lookups, list windows, catalogue pages, categories, stores and the profile', () => {
    for (const key of [
      ['products', 'shop', 'code', '4901234567894'],
      ['products', 'shop', 'window', { page: 0, size: 25 }],
      ['products', 'shop', 'infinite', { size: 24 }],
      ['products', 'shop', 'categories'],
      ['products', 'shop', 'summary'],
      ['stores'],
      ['store', 'current', 'shop'],
      // The till reads scale labels and names tenders offline after a reload.
      ['store', 'barcode-rules', 'shop'],
      ['store', 'payment-methods', 'shop'],
      ['profile'],
    ])
      expect(shouldPersistQuery(query(key, { any: 1 })), JSON.stringify(key)).toBe(true);
  });

  it('keeps a cargo and its contents for counting offline, never a hand-over QR token', () => {
    expect(shouldPersistQuery(query(['cargo', 'shop', 'code', 'K7M2Q9XA'], { code: 'K7M2Q9XA' }))).toBe(true);
    expect(shouldPersistQuery(query(['cargo', 'shop', 'code', 'K7M2Q9XA', 'contents'], []))).toBe(true);
    expect(shouldPersistQuery(query(['cargo', 'shop', 'code', 'K7M2Q9XA', 'qr'], { token: 't' }))).toBe(false);
  });

  it('leaves out sign-in, outside suggestions, failed, pending and empty results', () => {
    expect(shouldPersistQuery(query(['auth', 'confirm', 'token'], { ok: true }))).toBe(false);
    expect(shouldPersistQuery(query(['products', 'shop', 'suggestion', '490'], { name: 'x' }))).toBe(false);
    expect(shouldPersistQuery(query(['products', 'shop', 'code', '1'], { name: 'x' }, 'error'))).toBe(false);
    expect(shouldPersistQuery(query(['products', 'shop', 'code', '1'], undefined, 'pending'))).toBe(false);
    // A lookup that found nothing (404 → null) is not worth a place offline.
    expect(shouldPersistQuery(query(['products', 'shop', 'code', '1'], null))).toBe(false);
    expect(shouldPersistQuery(query(['somethingNew'], { a: 1 }))).toBe(false);
  });
});

describe('boundPersistedClient', () => {
  it('drops results older than maxAge and every mutation', () => {
    const out = boundPersistedClient(
      client([dehydrated('old', NOW - 10_001), dehydrated('new', NOW - 10)]),
      NOW,
      limits(),
    );
    expect(out.clientState.queries.map((q) => q.queryKey[3])).toEqual(['new']);
    expect(out.clientState.mutations).toEqual([]);
  });

  it('keeps the most recently loaded queries up to the count limit', () => {
    const qs = [1, 5, 3, 4, 2].map((n) => dehydrated(`p${n}`, NOW - 100 + n));
    const out = boundPersistedClient(client(qs), NOW, limits({ maxQueries: 3 }));
    expect(out.clientState.queries.map((q) => q.queryKey[3])).toEqual(['p5', 'p4', 'p3']);
  });

  it('stays under the size limit, skipping one oversized result rather than everything after it', () => {
    const big = dehydrated('big', NOW - 1, { rows: 'x'.repeat(5_000) });
    const small = [2, 3, 4].map((n) => dehydrated(`s${n}`, NOW - n));
    const one = JSON.stringify(small[0]).length;
    const out = boundPersistedClient(client([big, ...small]), NOW, limits({ maxChars: one * 2 + 10 }));
    expect(out.clientState.queries.map((q) => q.queryKey[3])).toEqual(['s2', 's3']);
    const total = out.clientState.queries.reduce((n, q) => n + JSON.stringify(q).length, 0);
    expect(total).toBeLessThanOrEqual(one * 2 + 10);
  });

  it('does not change the client it was given', () => {
    const original = client([dehydrated('a', NOW - 1), dehydrated('b', NOW - 20_000)]);
    boundPersistedClient(original, NOW, limits());
    expect(original.clientState.queries).toHaveLength(2);
  });
});

describe('isBeyondFirstScreen', () => {
  it('is data of the list, lookups, catalogue, store list and profile, not of home or sign-in', () => {
    expect(isBeyondFirstScreen({ queryKey: ['products', 'shop', 'window', { page: 0 }] })).toBe(true);
    expect(isBeyondFirstScreen({ queryKey: ['products', 'shop', 'code', '490'] })).toBe(true);
    expect(isBeyondFirstScreen({ queryKey: ['stores'] })).toBe(true);
    expect(isBeyondFirstScreen({ queryKey: ['profile'] })).toBe(true);
    expect(isBeyondFirstScreen({ queryKey: ['products', 'shop', 'summary'] })).toBe(false);
    expect(isBeyondFirstScreen({ queryKey: ['store', 'current', 'shop'] })).toBe(false);
    expect(isBeyondFirstScreen({ queryKey: ['auth', 'confirm', 't'] })).toBe(false);
  });
});

describe('cacheKey', () => {
  it('is per user', () => {
    expect(cacheKey('u1')).not.toBe(cacheKey('u2'));
  });
});
