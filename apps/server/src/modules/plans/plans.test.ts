import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, createStore } from '../../test/products.ts';

describe.each(engines)('subscription status on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '2', FREE_CARGO_LIMIT: '7', FREE_TRANSACTION_LIMIT: '9' });
  const status = (token: string) => t.request('GET', '/api/secure/subscription/status', { token });

  it('starts with every limit and no counts', async () => {
    const u = await createUser(t);
    const res = await status(u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      freeProductLimit: 2,
      freeCargoLimit: 7,
      freeTransactionLimit: 9,
      productCount: 0,
      cargoCount: 0,
      shopTransactionCount: 0,
      freeMemberLimit: 1,
      memberCount: 0,
      freeLimitHasReached: false,
    });
  });

  it('counts members and open invitations against the member limit, which alone is no warning', async () => {
    const u = await createUser(t);
    const invited = await t.request('POST', `/api/secure/virtual-store/${u.store.urlName}/member/invite`, {
      token: u.token,
      body: { email: `staff-${Date.now()}@example.com`, role: 'CASHIER' },
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await status(u.token)).body).toMatchObject({
      freeMemberLimit: 1,
      memberCount: 1,
      freeLimitHasReached: false,
    });
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    expect((await status(u.token)).body).toMatchObject({ freeMemberLimit: null, memberCount: 1 });
  });

  it('counts products across the user’s stores and says when a limit is reached', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const branch = await createStore(t, u);
    await createProduct(t, u);
    expect((await status(u.token)).body).toMatchObject({ productCount: 1, freeLimitHasReached: false });
    await createProduct(t, u, {}, branch);
    await createProduct(t, other);
    expect((await status(u.token)).body).toMatchObject({ productCount: 2, freeLimitHasReached: true });
    expect((await status(other.token)).body).toMatchObject({ productCount: 1, freeLimitHasReached: false });
  });

  it('has no limits for a premium user', async () => {
    const u = await createUser(t);
    await createProduct(t, u);
    await createProduct(t, u);
    // No billing API exists yet: premium is set the way the payment webhook will set it.
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    expect((await status(u.token)).body).toMatchObject({
      freeProductLimit: null,
      freeCargoLimit: null,
      freeTransactionLimit: null,
      productCount: 2,
      freeLimitHasReached: false,
    });
  });

  it('requires login', async () => {
    expect((await t.request('GET', '/api/secure/subscription/status')).status).toBe(401);
  });
});
