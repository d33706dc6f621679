import { randomUUID } from 'node:crypto';
import { PASSWORD, signUpBody, unique, type TestUser } from './factories.ts';
import { productBody } from './products.ts';
import { displayState } from './display.ts';
import { SAMPLE_PNG, TILL_PIN, type SweepWorld } from './sweep-world.ts';

export interface SampleRequest {
  /** The path with its parameters filled in (URL-encoded where needed). */
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with `headers['content-type']`. */
  raw?: Uint8Array | string;
  headers?: Record<string, string>;
}

/**
 * How the tenant sweep treats a route:
 * - `owned`: the request names the owner's objects in its path; anyone else gets 404 and nothing changes.
 * - `own`: it acts on the caller's own account or store; its answer never shows anyone else's data.
 * - `open`: outside `/api/secure` (auth, public); only the fuzzer uses it.
 */
export type Tenancy = 'owned' | 'own' | 'open';

export interface RouteSample {
  tenancy: Tenancy;
  /** Acts on the store named by X-Store: naming a store of someone else answers 404. */
  storeScoped?: boolean;
  /** Ends or changes the caller's session or password: the sweep and the fuzzer use a throwaway user for it. */
  throwawayCaller?: boolean;
  /**
   * Sent with the caller's till token (the sweep world makes a till for the owner and the
   * intruder, `tokenFor`) rather than their session: a route for till tokens only (`TILL`).
   */
  credential?: 'till' | 'leaving-till';
  /**
   * A request that succeeds: for `owned` routes when the owner makes it (it names `w`'s owner
   * objects), for `own` routes when `caller` makes it.
   */
  sample: (w: SweepWorld, caller: TestUser) => SampleRequest;
}

const png = { raw: SAMPLE_PNG, headers: { 'content-type': 'image/png' } };
const customer = (w: SweepWorld) => `/api/secure/customer/${w.customer.id}`;
const item = (w: SweepWorld) => `/api/secure/item/${w.product.id}`;
/** An item in two sizes, one barcode given and one drawn. */
const itemBody = () => ({
  name: `Tee ${unique()}`,
  category: 'Clothes',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { optionValues: ['S'], code: `TEE-${unique()}`, price: 1500, quantity: 2 },
    { optionValues: ['M'], price: 1600 },
  ],
});
const product = (w: SweepWorld) => `/api/secure/product/code/${encodeURIComponent(w.product.code)}`;
/**
 * A completed cash sale of two units: in the world owner's store (members of the permission matrix
 * act there) of the world's product, since an open-price item needs OPEN_PRICE, which a cashier
 * lacks; elsewhere (a caller in their own store) of an open-price line, which any owner may sell.
 */
const twoUnitSale = (w: SweepWorld, caller: TestUser) => ({
  clientId: randomUUID(),
  status: 'COMPLETED',
  lines: [
    caller.store.id === w.owner.store.id
      ? { code: w.product.code, quantity: 2 }
      : { name: 'Tea', unitPrice: 250, quantity: 2 },
  ],
  payment: { method: 'CASH', currency: 'USD', amount: 100_000 },
});
const storeDetails = { mainCurrency: 'EUR', secondCurrency: null, timezone: 'Europe/Berlin', address: '', phone: '' };

/**
 * One entry for every route of the API, keyed `METHOD path` as in /api/public/openapi.json. The
 * tenant sweep (tenant-sweep.test.ts) and the schema fuzzer (schema-fuzz.test.ts) fail when a route
 * has no entry here: add one with each new route.
 */
export const routeSamples: Record<string, RouteSample> = {
  'GET /api/public/ping': { tenancy: 'open', sample: () => ({ path: '/api/public/ping' }) },
  'GET /api/public/health': { tenancy: 'open', sample: () => ({ path: '/api/public/health' }) },
  // Signed with no secret this server knows: the fuzzer checks the refusals keep the error shape.
  'POST /api/public/subscription/webhook': {
    tenancy: 'open',
    sample: () => ({
      path: '/api/public/subscription/webhook',
      raw: JSON.stringify({ id: `evt_${unique()}`, object: 'event', type: 'invoice.paid', data: { object: {} } }),
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00` },
    }),
  },
  'POST /api/auth/signUp': { tenancy: 'open', sample: () => ({ path: '/api/auth/signUp', body: signUpBody() }) },
  'GET /api/auth/confirm/{token}': {
    tenancy: 'open',
    sample: () => ({ path: `/api/auth/confirm/${unique()}${unique()}` }),
  },
  'POST /api/auth/confirm/resend': {
    tenancy: 'open',
    sample: (w) => ({ path: '/api/auth/confirm/resend', body: { email: w.intruder.email } }),
  },
  // A token of the shape the server issues, unknown to it: the fuzzer checks the refusals' shape.
  'GET /api/auth/invite/{token}': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/auth/invite/${w.owner.store.id}.${'A'.repeat(22)}.${'B'.repeat(22)}` }),
  },
  'POST /api/auth/invite/{token}': {
    tenancy: 'open',
    sample: (w) => ({
      path: `/api/auth/invite/${w.owner.store.id}.${'A'.repeat(22)}.${'B'.repeat(22)}`,
      body: { name: 'New Member', password: PASSWORD },
    }),
  },
  'POST /api/auth/login': {
    tenancy: 'open',
    sample: (w) => ({ path: '/api/auth/login', body: { email: w.intruder.email, password: PASSWORD } }),
  },
  'POST /api/auth/forgot-password/verify': {
    tenancy: 'open',
    sample: () => ({
      path: '/api/auth/forgot-password/verify',
      body: { email: `nobody-${unique()}@example.com`, code: '123456' },
    }),
  },
  'POST /api/auth/forgot-password/reset': {
    tenancy: 'open',
    sample: () => ({ path: '/api/auth/forgot-password/reset', body: { resetToken: unique(), password: PASSWORD } }),
  },
  'POST /api/auth/forgot-password/{email}': {
    tenancy: 'open',
    sample: () => ({ path: `/api/auth/forgot-password/${encodeURIComponent(`nobody-${unique()}@example.com`)}` }),
  },

  'GET /api/secure/login/check': { tenancy: 'own', sample: () => ({ path: '/api/secure/login/check' }) },
  'GET /api/secure/subscription/status': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/status' }),
  },
  'GET /api/secure/subscription': { tenancy: 'own', sample: () => ({ path: '/api/secure/subscription' }) },
  'GET /api/secure/subscription/plans': { tenancy: 'own', sample: () => ({ path: '/api/secure/subscription/plans' }) },
  // With the demo provider there is no checkout to look up: the caller's own Subscription.
  'GET /api/secure/subscription/checkout/{sessionId}': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/checkout/cs_test_sweep' }),
  },
  'GET /api/secure/subscription/billing-history': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/billing-history' }),
  },
  // The sweep and the fuzzer run with the demo provider; create comes before cancel and resume, which
  // need the caller's premium (the sweep runs the entries in this order).
  'POST /api/secure/subscription/create': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/create', body: { plan: 'PREMIUM', interval: 'MONTH' } }),
  },
  'POST /api/secure/subscription/cancel': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/cancel' }),
  },
  'POST /api/secure/subscription/resume': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/subscription/resume' }),
  },
  'GET /api/secure/support': { tenancy: 'own', sample: () => ({ path: '/api/secure/support' }) },
  'POST /api/secure/support': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/support', body: { subject: 'Printer', message: 'The receipt is blank.' } }),
  },
  'POST /api/secure/logout': { tenancy: 'own', throwawayCaller: true, sample: () => ({ path: '/api/secure/logout' }) },
  'GET /api/secure/profile': { tenancy: 'own', sample: () => ({ path: '/api/secure/profile' }) },
  'PUT /api/secure/profile': {
    tenancy: 'own',
    sample: () => ({ path: '/api/secure/profile', body: { name: 'Renamed Person', locale: 'ja-JP' } }),
  },
  'PUT /api/secure/profile/update-default-store/{newDefaultStoreId}': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/profile/update-default-store/${w.owner.store.id}` }),
  },
  'PUT /api/secure/profile/update-password': {
    tenancy: 'own',
    throwawayCaller: true,
    sample: () => ({
      path: '/api/secure/profile/update-password',
      body: { currentPassword: PASSWORD, newPassword: 'another horse battery' },
    }),
  },
  'POST /api/secure/profile/delete': {
    tenancy: 'own',
    throwawayCaller: true,
    sample: () => ({ path: '/api/secure/profile/delete', body: { password: PASSWORD } }),
  },

  'GET /api/secure/virtual-store': { tenancy: 'own', sample: () => ({ path: '/api/secure/virtual-store' }) },
  'POST /api/secure/virtual-store': {
    tenancy: 'own',
    sample: () => ({
      path: '/api/secure/virtual-store',
      body: { name: 'Branch', urlName: `branch-${unique()}`, mainCurrency: 'USD' },
    }),
  },
  'GET /api/secure/virtual-store/current': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/virtual-store/current' }),
  },
  'PUT /api/secure/virtual-store/{urlName}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}`,
      body: { ...storeDetails, name: w.ownerSecondStore.name },
    }),
  },

  'GET /api/secure/virtual-store/{urlName}/member': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/member` }),
  },
  'POST /api/secure/virtual-store/{urlName}/member/invite': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/invite`,
      body: { email: `invited-${unique()}@example.com`, role: 'CASHIER', permissions: ['SELL'], maxDiscount: 500 },
    }),
  },
  'GET /api/secure/virtual-store/{urlName}/member/invitation': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/invitation` }),
  },
  'DELETE /api/secure/virtual-store/{urlName}/member/invitation/{id}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/invitation/${w.invitation.id}`,
    }),
  },
  'PUT /api/secure/virtual-store/{urlName}/member/{userId}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/${w.member.user.userId}`,
      body: { role: 'MANAGER', permissions: ['SELL', 'REPORTS'], maxDiscount: 2000 },
    }),
  },
  'DELETE /api/secure/virtual-store/{urlName}/member/{userId}': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/${w.member.user.userId}` }),
  },
  // The intruder accepts the host's invitation to their own address: their answer is the host's store.
  'POST /api/secure/invite/{token}': {
    tenancy: 'own',
    sample: (w, caller) => ({
      path: `/api/secure/invite/${caller.user.userId === w.intruder.user.userId ? w.intruderInviteToken : `${w.owner.store.id}.${'A'.repeat(22)}.${'B'.repeat(22)}`}`,
    }),
  },
  'GET /api/secure/virtual-store/{urlName}/exchange-rate': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/exchange-rate` }),
  },
  'PUT /api/secure/virtual-store/{urlName}/exchange-rate': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/exchange-rate`,
      body: { rate: '151.5' },
    }),
  },
  'GET /api/public/exchange-rate/{mainCurrency}/{secondCurrency}': {
    tenancy: 'open',
    sample: () => ({ path: '/api/public/exchange-rate/USD/JPY' }),
  },
  'GET /api/public/exchange-rate/{mainCurrency}/{secondCurrency}/{dateId}': {
    tenancy: 'open',
    sample: () => ({ path: '/api/public/exchange-rate/EUR/KWD/2026-01-15' }),
  },

  'PUT /api/secure/virtual-store/{urlName}/sale-settings': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/sale-settings`,
      body: { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, cashRounding: 5 },
    }),
  },

  'POST /api/secure/shop/transaction': {
    tenancy: 'own',
    storeScoped: true,
    sample: (w, caller) => ({ path: '/api/secure/shop/transaction', body: twoUnitSale(w, caller) }),
  },
  'GET /api/secure/shop/transaction/parked': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/transaction/parked' }),
  },
  'GET /api/secure/shop/transaction/range/by-month': {
    tenancy: 'own',
    storeScoped: true,
    sample: (_w, caller) => ({
      path: '/api/secure/shop/transaction/range/by-month',
      query: { month: new Date().toISOString().slice(0, 7), member: caller.user.userId, method: 'PAYPAY' },
    }),
  },
  'GET /api/secure/shop/transaction/range/by-date': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/transaction/range/by-date',
      query: { from: '2020-01-01', to: '2020-12-31', q: 'tea', method: 'CASH' },
    }),
  },
  'GET /api/secure/shop/statistic/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/statistic/search/window/0/50',
      query: { from: '2026-01-01', to: '2026-12-31', groupBy: 'month' },
    }),
  },
  'GET /api/secure/shop/statistic/by-member': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/statistic/by-member', query: { from: '2026-01-01', to: '2026-12-31' } }),
  },
  'GET /api/secure/shop/statistic/customers': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/statistic/customers',
      query: { from: '2026-01-01', to: '2026-12-31', top: '5' },
    }),
  },
  'GET /api/secure/shop/statistic/items': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/statistic/items',
      query: { from: '2026-01-01', to: '2026-12-31', by: 'variant', top: '20' },
    }),
  },
  'GET /api/secure/shop/statistic/item-stock': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/statistic/item-stock', query: { by: 'item', lowStock: 'false' } }),
  },
  // A product without options is an item of its own with the product's id: its grid is one cell.
  'GET /api/secure/item/{id}/grid': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/item/${w.product.id}/grid`,
      query: { from: '2026-01-01', to: '2026-12-31' },
    }),
  },
  'GET /api/secure/shop/statistic/customers.csv': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/statistic/customers.csv',
      query: { from: '2026-01-01', to: '2026-12-31' },
    }),
  },
  'GET /api/secure/report/exceptions': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/report/exceptions', query: { from: '2026-01-01', to: '2026-12-31' } }),
  },
  'GET /api/secure/report/exceptions.csv': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/report/exceptions.csv', query: { from: '2026-01-01', to: '2026-12-31' } }),
  },
  'GET /api/secure/shop/statistic/summary': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/statistic/summary',
      query: { from: '2026-01-01', to: '2026-12-31', top: '5' },
    }),
  },
  'GET /api/secure/shop/transaction/{code}': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/shop/transaction/${w.sale.code}` }),
  },
  'PUT /api/secure/shop/transaction/{code}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/shop/transaction/${w.parked.code}`,
      body: { status: 'PARKED', lines: [{ code: w.product.code, quantity: 2 }] },
    }),
  },
  'POST /api/secure/shop/transaction/{code}/void': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/shop/transaction/${w.parked.code}/void`, body: {} }),
  },
  'POST /api/secure/shop/transaction/{code}/refund': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/shop/transaction/${w.sale.code}/refund`,
      body: { clientId: randomUUID() },
    }),
  },
  'POST /api/secure/shop/transaction/{code}/receipt-mail': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/shop/transaction/${w.sale.code}/receipt-mail`,
      body: { email: `receipt-${unique()}@example.com`, locale: 'ja-JP', keepAddress: true },
    }),
  },
  'POST /api/secure/shop/no-sale': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/no-sale', body: { clientId: randomUUID(), reason: 'Change for a note' } }),
  },

  // Cargo. The world gives each route a fresh owner cargo holding the fresh product.
  'GET /api/secure/cargo': { tenancy: 'own', storeScoped: true, sample: () => ({ path: '/api/secure/cargo' }) },
  'GET /api/secure/cargo/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/cargo/search/window/0/20', query: { q: 'tea', status: 'NOT_ARRIVED' } }),
  },
  'POST /api/secure/cargo/new': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/cargo/new',
      body: {
        name: 'Spring order',
        origin: 'Osaka',
        note: 'Fragile',
        contents: [{ code: 'TEA-1', name: 'Tea', quantity: 2, price: 300 }],
      },
    }),
  },
  'GET /api/secure/cargo/not-arrived': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/cargo/not-arrived' }),
  },
  'GET /api/secure/cargo/arrived': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/cargo/arrived' }),
  },
  'POST /api/secure/cargo/arrived': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: '/api/secure/cargo/arrived', body: { code: w.cargo.code } }),
  },
  'POST /api/secure/cargo/not-arrived': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: '/api/secure/cargo/not-arrived', body: { code: w.cargo.code } }),
  },
  'GET /api/secure/cargo/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo/code/${w.cargo.code}` }),
  },
  'PUT /api/secure/cargo/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/cargo/code/${w.cargo.code}`,
      body: { name: 'Renamed', origin: 'Kobe', note: '' },
    }),
  },
  'DELETE /api/secure/cargo/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo/code/${w.cargo.code}` }),
  },
  'GET /api/secure/cargo/code/{code}/changes': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo/code/${w.cargo.code}/changes` }),
  },
  'GET /api/secure/cargo/code/{code}/contents': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo/code/${w.cargo.code}/contents` }),
  },
  'GET /api/secure/cargo/code/{code}/qr': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo/code/${w.cargo.code}/qr` }),
  },
  'POST /api/secure/cargo/code/{code}/transfer': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/cargo/code/${w.cargo.code}/transfer`,
      body: { targetStore: w.ownerSecondStore.urlName },
    }),
  },
  // Anyone holding a token receives into their own store: the token is a third user's (the gifter's).
  'POST /api/secure/cargo/qr/transfer': {
    tenancy: 'own',
    storeScoped: true,
    sample: (w) => ({
      path: '/api/secure/cargo/qr/transfer',
      body: { token: `http://shop.test/cargo/receive/${w.qrToken}` },
    }),
  },
  // Reads the gifter's cargo by its token, in the caller's store: writes nothing.
  'POST /api/secure/cargo/qr/preview': {
    tenancy: 'own',
    storeScoped: true,
    sample: (w) => ({ path: '/api/secure/cargo/qr/preview', body: { token: w.qrToken } }),
  },
  'GET /api/secure/cargo-content/search/{cargoId}/window/{page}/{size}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo-content/search/${w.cargo.id}/window/0/20` }),
  },
  'POST /api/secure/cargo-content/code/{code}/content': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/cargo-content/code/${w.cargo.code}/content`,
      body: { code: `NEW-${unique()}`, name: 'Green tea', brand: 'Leaf', quantity: 4, price: 250 },
    }),
  },
  'PUT /api/secure/cargo-content/code/{code}/content/{contentId}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/cargo-content/code/${w.cargo.code}/content/${w.cargoContent.contentId}`,
      body: { name: 'Renamed line', quantity: 5, receivedQuantity: 4 },
    }),
  },
  'DELETE /api/secure/cargo-content/code/{code}/content/{contentId}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/cargo-content/code/${w.cargo.code}/content/${w.cargoContent.contentId}` }),
  },
  'PUT /api/secure/cargo-content/code/{code}/content/{contentId}/quantity/{updatedQuantity}/difference/{quantityDifference}':
    {
      tenancy: 'owned',
      storeScoped: true,
      sample: (w) => ({
        path: `/api/secure/cargo-content/code/${w.cargo.code}/content/${w.cargoContent.contentId}/quantity/4/difference/1`,
        query: { clientId: randomUUID() },
      }),
    },

  // The customer display (modules/display): the counter's side by X-Store, the display's by token.
  'POST /api/secure/display/pair': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/display/pair', body: { name: 'Tablet' } }),
  },
  'GET /api/secure/display/pair': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/display/pair' }),
  },
  // Revoking the spare again answers 204 as the first time.
  'DELETE /api/secure/display/pair/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/display/pair/${w.displays.spare.id}` }),
  },
  'PUT /api/secure/display/pair/{id}/state': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/display/pair/${w.displays.counter.id}/state`, body: displayState(1) }),
  },
  'GET /api/public/display/{token}': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/display/${w.displays.counter.token}` }),
  },
  // A revoked display's: a live stream never ends, and the fuzzer reads whole answers (404 here;
  // the stream itself: display.test.ts).
  'GET /api/public/display/{token}/events': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/display/${w.displays.revoked.token}/events` }),
  },
  'GET /api/public/display/{token}/logo': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/display/${w.displays.counter.token}/logo` }),
  },
  'POST /api/public/display/{token}/receipt-mail': {
    tenancy: 'open',
    sample: (w) => ({
      path: `/api/public/display/${w.displays.paid.token}/receipt-mail`,
      body: { email: 'guest@example.com', locale: 'en-US' },
    }),
  },
  'GET /api/public/receipt/{code}': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/receipt/${w.sale.code}` }),
  },
  'GET /api/public/receipt/{code}/logo': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/receipt/${w.sale.code}/logo` }),
  },
  'GET /api/secure/virtual-store/{urlName}/payment-methods': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/payment-methods` }),
  },
  'PUT /api/secure/virtual-store/{urlName}/payment-methods': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/payment-methods`,
      body: {
        methods: [
          {
            id: 'CASH',
            name: null,
            defaultName: 'CASH',
            kind: 'CASH',
            needsReference: false,
            opensDrawer: true,
            enabled: true,
            position: 0,
          },
          {
            name: 'Girocard',
            defaultName: null,
            kind: 'CARD',
            needsReference: true,
            opensDrawer: false,
            enabled: true,
            position: 1,
          },
        ],
      },
    }),
  },
  'GET /api/secure/virtual-store/{urlName}/audit/window/{page}/{size}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/audit/window/0/50`,
      query: { action: 'SALE', from: '2026-01-01', to: '2026-12-31' },
    }),
  },
  'GET /api/secure/virtual-store/{urlName}/audit/people': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/audit/people` }),
  },
  'GET /api/secure/virtual-store/{urlName}/receipt-template': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/receipt-template` }),
  },
  'PUT /api/secure/virtual-store/{urlName}/receipt-template': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/receipt-template`,
      body: {
        headerText: 'Welcome',
        footerText: 'Thank you\nSee you soon',
        showLogo: true,
        showStoreName: true,
        showAddress: false,
        showPhone: true,
        showSecondCurrency: false,
        showQr: true,
        showServedBy: true,
        paperWidth: 80,
      },
    }),
  },

  // Till mode. The sweep world gives the owner and the intruder the PIN TILL_PIN.
  'PUT /api/secure/virtual-store/{urlName}/member/{userId}/pin': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/member/${w.owner.user.userId}/pin`,
      body: { pin: TILL_PIN },
    }),
  },
  'GET /api/secure/till/members': {
    tenancy: 'own',
    storeScoped: true,
    credential: 'till',
    sample: (_w, caller) => ({ path: '/api/secure/till/members', headers: { 'x-store': caller.store.urlName } }),
  },
  'PUT /api/secure/till/settings': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/till/settings', body: { lockAfterSale: true, idleLockMinutes: 5 } }),
  },
  'POST /api/secure/till/unlock': {
    tenancy: 'own',
    storeScoped: true,
    credential: 'till',
    sample: (_w, caller) => ({
      path: '/api/secure/till/unlock',
      body: { userId: caller.user.userId, pin: TILL_PIN },
      headers: { 'x-store': caller.store.urlName },
    }),
  },
  // Makes the caller's device a till, which signs their session out: a throwaway caller.
  'POST /api/secure/till/device': {
    tenancy: 'own',
    storeScoped: true,
    throwawayCaller: true,
    sample: () => ({ path: '/api/secure/till/device', body: { name: 'Front till' } }),
  },
  'GET /api/secure/till/device': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/till/device' }),
  },
  'GET /api/secure/till/device/current': {
    tenancy: 'own',
    storeScoped: true,
    credential: 'till',
    sample: (_w, caller) => ({ path: '/api/secure/till/device/current', headers: { 'x-store': caller.store.urlName } }),
  },
  // The owner's spare till: revoking it again answers 204 as the first time.
  'DELETE /api/secure/till/device/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/till/device/${w.tills.spare.id}` }),
  },
  // A till of the caller's made to leave, with a grant of theirs for it (the sweep world's): once
  // it has left, it answers 401 TILL_REVOKED. Refusals: till-devices.test.ts.
  'POST /api/secure/till/leave': {
    tenancy: 'own',
    storeScoped: true,
    credential: 'leaving-till',
    sample: (w, caller) => ({
      path: '/api/secure/till/leave',
      body: { approval: caller === w.intruder ? w.leaveGrants.intruder : w.leaveGrants.owner },
      headers: { 'x-store': caller.store.urlName },
    }),
  },

  'GET /api/secure/shop/shift/current': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/shift/current' }),
  },
  // The caller's own store (the sweep world turns shifts on in it): it opens that store's first shift.
  'POST /api/secure/shop/shift': {
    tenancy: 'own',
    storeScoped: true,
    sample: (_w, caller) => ({
      path: '/api/secure/shop/shift',
      body: { float: [{ currency: caller.store.mainCurrency, amount: 10_000 }] },
    }),
  },
  'GET /api/secure/shop/shift/z-report': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/shift/z-report', query: { page: '0', size: '20' } }),
  },
  'GET /api/secure/shop/shift/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/shop/shift/${w.closedShift.id}` }),
  },
  'POST /api/secure/shop/shift/{id}/cash-move': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/shop/shift/${w.openShift.id}/cash-move`,
      body: { clientId: randomUUID(), kind: 'PAY_OUT', currency: 'USD', amount: 250, reason: 'Milk for staff' },
    }),
  },
  'POST /api/secure/shop/shift/{id}/close': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/shop/shift/${w.openShift.id}/close`,
      body: {
        counts: w.openShift.cash.map((c) => ({ currency: c.currency, denominations: [{ value: 500, count: 3 }] })),
      },
    }),
  },

  'POST /api/secure/product': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product', body: productBody({ taxRate: 800 }) }),
  },
  'GET /api/secure/product': { tenancy: 'own', storeScoped: true, sample: () => ({ path: '/api/secure/product' }) },
  'GET /api/secure/product/changes': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/changes', query: { limit: '50' } }),
  },
  'GET /api/secure/product/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/search/window/0/50', query: { q: 'o', sort: 'name' } }),
  },
  'GET /api/secure/product/summary': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/summary' }),
  },
  'GET /api/secure/product/random-barcode': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/random-barcode' }),
  },
  'GET /api/secure/barcode-rules': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/barcode-rules' }),
  },
  'PUT /api/secure/barcode-rules': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/barcode-rules',
      body: {
        rules: [
          {
            prefix: '21',
            itemDigits: 5,
            valueDigits: 5,
            value: 'WEIGHT',
            decimals: 3,
            valueCheckDigit: false,
            position: 0,
          },
        ],
      },
    }),
  },
  'GET /api/secure/product/categories': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/categories' }),
  },
  'GET /api/secure/product/export.csv': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/product/export.csv' }),
  },
  'POST /api/secure/product/import': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/product/import',
      body: {
        importId: randomUUID(),
        batch: 0,
        rows: [{ line: 2, code: `IMP-${unique()}`, name: 'Imported', price: '1.50', quantity: '3' }],
      },
    }),
  },
  'POST /api/secure/product/import/check': {
    tenancy: 'own',
    storeScoped: true,
    // The owner's product code among them: only the caller's own store may report it as known.
    sample: (w) => ({ path: '/api/secure/product/import/check', body: { codes: [w.product.code, `NEW-${unique()}`] } }),
  },
  'POST /api/secure/item': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/item', body: itemBody() }),
  },
  'GET /api/secure/item': { tenancy: 'own', storeScoped: true, sample: () => ({ path: '/api/secure/item' }) },
  'GET /api/secure/item/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/item/search/window/0/50', query: { q: 'o', sort: 'name' } }),
  },
  // The world's product is an item of its own, with the product's id.
  'GET /api/secure/item/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: item(w) }),
  },
  'PUT /api/secure/item/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: item(w),
      body: {
        name: w.product.name,
        brand: w.product.brand,
        category: w.product.category,
        variants: [{ id: w.product.id, optionValues: [], price: 250, taxRate: 800 }],
      },
    }),
  },
  'DELETE /api/secure/item/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: item(w) }),
  },
  'GET /api/secure/product/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: product(w) }),
  },
  'GET /api/secure/product/lookup/{code}': {
    tenancy: 'own',
    storeScoped: true,
    // The owner's code: another store's lookup of it answers null, never the owner's product.
    sample: (w) => ({ path: `/api/secure/product/lookup/${encodeURIComponent(w.product.code)}` }),
  },
  'PUT /api/secure/product/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: product(w),
      body: { code: w.product.code, name: w.product.name, price: 250, taxRate: 800 },
    }),
  },
  'DELETE /api/secure/product/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: product(w) }),
  },
  // Suggestions draw on the caller's own stores only: asking about the owner's code tells nothing of it.
  'GET /api/secure/product/code/{code}/jn': {
    tenancy: 'own',
    storeScoped: true,
    sample: (w) => ({ path: `${product(w)}/jn` }),
  },
  'POST /api/secure/product/code/{code}/adjust': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `${product(w)}/adjust`, body: { delta: 5, note: 'Found in the back' } }),
  },
  'GET /api/secure/product/code/{code}/movements': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `${product(w)}/movements` }),
  },
  'GET /api/secure/product/code/{code}/movements/window/{page}/{size}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `${product(w)}/movements/window/0/10` }),
  },

  'GET /api/secure/customer': { tenancy: 'own', storeScoped: true, sample: () => ({ path: '/api/secure/customer' }) },
  'GET /api/secure/customer/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    // The owner's customer's phone digits: another store's search finds none of them.
    sample: () => ({ path: '/api/secure/customer/search/window/0/50', query: { q: '090', sort: 'name' } }),
  },
  'POST /api/secure/customer': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/customer',
      body: { clientId: randomUUID(), name: `Walk-in ${unique()}`, phone: '080-1111-2222' },
    }),
  },
  'GET /api/secure/customer/export.csv': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/customer/export.csv' }),
  },
  'POST /api/secure/customer/import/batch': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/customer/import/batch',
      body: {
        importId: randomUUID(),
        batch: 0,
        rows: [{ line: 2, name: `Imported ${unique()}`, phone: '03-1234-0000' }],
      },
    }),
  },
  'POST /api/secure/customer/import/check': {
    tenancy: 'own',
    storeScoped: true,
    // The owner's member code among them: only the caller's own store may report it as known.
    sample: (w) => ({ path: '/api/secure/customer/import/check', body: { codes: [w.customer.code, 'M0000000001'] } }),
  },
  'GET /api/secure/customer/{id}': { tenancy: 'owned', storeScoped: true, sample: (w) => ({ path: customer(w) }) },
  'GET /api/secure/customer/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/customer/code/${w.customer.code}` }),
  },
  'PUT /api/secure/customer/{id}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: customer(w), body: { name: w.customer.name, phone: '090-0000-1111', note: 'Edited' } }),
  },
  'DELETE /api/secure/customer/{id}': { tenancy: 'owned', storeScoped: true, sample: (w) => ({ path: customer(w) }) },
  'GET /api/secure/customer/{id}/history': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `${customer(w)}/history`, query: { page: '0', size: '10' } }),
  },
  'POST /api/secure/customer/{id}/points': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `${customer(w)}/points`, body: { points: 50, reason: 'Welcome gift' } }),
  },
  'GET /api/secure/virtual-store/{urlName}/loyalty': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/loyalty` }),
  },
  'PUT /api/secure/virtual-store/{urlName}/loyalty': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/loyalty`,
      body: { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: 12 },
    }),
  },

  'GET /api/secure/stored-value/code/{code}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/stored-value/code/${w.giftCard}` }),
  },
  'POST /api/secure/stored-value/code/{code}/block': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/stored-value/code/${w.giftCard}/block`,
      body: { blocked: true, reason: 'Lost' },
    }),
  },
  'POST /api/secure/stored-value/code/{code}/adjust': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({
      path: `/api/secure/stored-value/code/${w.giftCard}/adjust`,
      body: { clientId: randomUUID(), amount: 100, reason: 'Goodwill' },
    }),
  },
  'GET /api/secure/stored-value/search/window/{page}/{size}': {
    tenancy: 'own',
    storeScoped: true,
    // The owner's customer's phone digits and a code prefix: another store's search finds none of them.
    sample: () => ({ path: '/api/secure/stored-value/search/window/0/50', query: { q: '090', status: 'ACTIVE' } }),
  },
  'GET /api/secure/stored-value/customer/{customerId}': {
    tenancy: 'owned',
    storeScoped: true,
    sample: (w) => ({ path: `/api/secure/stored-value/customer/${w.customer.id}` }),
  },
  'GET /api/secure/stored-value/liability': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/stored-value/liability', query: { at: '2026-09-30' } }),
  },
  'GET /api/secure/stored-value/report': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/stored-value/report', query: { from: '2026-01-01', to: '2026-12-31' } }),
  },
  'GET /api/secure/virtual-store/{urlName}/stored-value': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/virtual-store/${w.owner.store.urlName}/stored-value` }),
  },
  'PUT /api/secure/virtual-store/{urlName}/stored-value': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/virtual-store/${w.owner.store.urlName}/stored-value`,
      body: { expireAfterSixMonths: true, usableAt: 'At the shop', contact: '03-1234-5678' },
    }),
  },

  'PUT /api/secure/file/data/{storeUrl}/{uuid}': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/file/data/${w.owner.store.urlName}/${w.fileId}`, ...png }),
  },
  'DELETE /api/secure/file/data/{storeUrl}/{uuid}': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/file/data/${w.owner.store.urlName}/${w.owner.user.userId}-${w.owner.store.urlName}-profile`,
    }),
  },
  'GET /api/secure/file/data/{storeUrl}/{uuid}': {
    tenancy: 'owned',
    sample: (w) => ({ path: `/api/secure/file/data/${w.owner.store.urlName}/${w.fileId}` }),
  },
};
