import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoggedUser } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { recentByCode, rememberCustomers, resetCustomerDbForTests, searchRecent, RECENT_LIMIT } from './customer-db.ts';

const customer = (i: number, over: Record<string, unknown> = {}) => ({
  id: `c${i}`,
  code: `M${String(i).padStart(10, '0')}`,
  name: `Customer ${i}`,
  nameKana: '',
  pointsBalance: i,
  phoneLast4: String(1000 + i),
  ...over,
});

beforeEach(async () => {
  await resetCustomerDbForTests();
  useSession
    .getState()
    .login('jwt', { userId: 'u1', email: 'u1@example.com', name: 'u1', locale: 'en-US' } as LoggedUser);
});

describe('the counter customers kept offline', () => {
  it('finds recently seen customers as the server search would: furigana, name words, code, phone digits', async () => {
    await rememberCustomers('my-shop', [
      customer(1, { name: 'Sato Hanako', nameKana: 'サトウ ハナコ' }),
      customer(2, { name: 'Kato Ken' }),
    ]);
    expect((await searchRecent('my-shop', 'さとう')).map((c) => c.id)).toEqual(['c1']);
    expect((await searchRecent('my-shop', 'ken')).map((c) => c.id)).toEqual(['c2']);
    expect((await searchRecent('my-shop', 'm0000000002')).map((c) => c.id)).toEqual(['c2']);
    expect((await searchRecent('my-shop', '1001')).map((c) => c.id)).toEqual(['c1']);
    // Another store's customers are not this one's.
    expect(await searchRecent('other-shop', 'sato')).toEqual([]);
    expect(await recentByCode('my-shop', 'ｍ0000000001')).toMatchObject({ id: 'c1', name: 'Sato Hanako' });
  });

  it('keeps the newest figures and at most the limit, dropping the least recently seen', async () => {
    await rememberCustomers('my-shop', [customer(1)]);
    await rememberCustomers('my-shop', [customer(1, { pointsBalance: 77 })]);
    expect(await recentByCode('my-shop', customer(1).code)).toMatchObject({ pointsBalance: 77 });
    const many = Array.from({ length: RECENT_LIMIT + 5 }, (_, i) => customer(i + 2));
    await rememberCustomers('my-shop', many);
    const all = await searchRecent('my-shop', '', RECENT_LIMIT + 10);
    expect(all).toHaveLength(RECENT_LIMIT);
    // The first seen (c1, then the first of the batch) went first.
    expect(await recentByCode('my-shop', customer(1).code)).toBeNull();
    expect(all[0]!.id).toBe(`c${RECENT_LIMIT + 6}`);
  });
});
