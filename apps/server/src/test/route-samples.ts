import { randomUUID } from 'node:crypto';
import { PASSWORD, signUpBody, unique, type TestUser } from './factories.ts';
import { productBody } from './products.ts';
import { SAMPLE_PNG, type SweepWorld } from './sweep-world.ts';

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
   * A request that succeeds: for `owned` routes when the owner makes it (it names `w`'s owner
   * objects), for `own` routes when `caller` makes it.
   */
  sample: (w: SweepWorld, caller: TestUser) => SampleRequest;
}

const png = { raw: SAMPLE_PNG, headers: { 'content-type': 'image/png' } };
const product = (w: SweepWorld) => `/api/secure/product/code/${encodeURIComponent(w.product.code)}`;
/** A completed cash sale of one open-price line: any caller can make it in their own store. */
const openPriceSale = () => ({
  clientId: randomUUID(),
  status: 'COMPLETED',
  lines: [{ name: 'Tea', unitPrice: 250, quantity: 2 }],
  payment: { method: 'CASH', currency: 'USD', amount: 1000 },
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
    sample: () => ({ path: '/api/secure/shop/transaction', body: openPriceSale() }),
  },
  'GET /api/secure/shop/transaction/parked': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({ path: '/api/secure/shop/transaction/parked' }),
  },
  'GET /api/secure/shop/transaction/range/by-month': {
    tenancy: 'own',
    storeScoped: true,
    sample: () => ({
      path: '/api/secure/shop/transaction/range/by-month',
      query: { month: new Date().toISOString().slice(0, 7) },
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
  'POST /api/secure/shop/transaction/{code}/refund': {
    tenancy: 'owned',
    sample: (w) => ({
      path: `/api/secure/shop/transaction/${w.sale.code}/refund`,
      body: { clientId: randomUUID() },
    }),
  },

  // Cargo (issue 11). The world gives each route a fresh owner cargo holding the fresh product.
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

  'GET /api/public/receipt/{code}': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/receipt/${w.sale.code}` }),
  },
  'GET /api/public/receipt/{code}/logo': {
    tenancy: 'open',
    sample: (w) => ({ path: `/api/public/receipt/${w.sale.code}/logo` }),
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
        paperWidth: 80,
      },
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
