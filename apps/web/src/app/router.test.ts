import { describe, expect, it } from 'vitest';
import { matchRoutes, rankRoutes, type RouteObject } from '../lib/router/match.ts';
import { appRoutes } from './router.tsx';
import { paths, routes } from '../lib/paths.ts';

/**
 * Every route of the app, and the misses around them, open the screen they opened with
 * react-router 7 (this table was produced by its matchRoutes before lib/router replaced it):
 * static segments before params before splats, index routes, optional segments, decoded params,
 * any letter case and trailing slashes.
 */
const TABLE: [url: string, branch: string, params: Record<string, string>][] = [
  ['/', '/ > (index)', {}],
  ['/auth', '/ > auth', {}],
  ['/auth/', '/ > auth', {}],
  ['/AUTH', '/ > auth', {}],
  ['/auth/extra', '/ > :store > *', { store: 'auth', '*': 'extra' }],
  ['/signUp', '/ > signUp', {}],
  ['/signup', '/ > signUp', {}],
  ['/forgot-password', '/ > forgot-password', {}],
  ['/confirm/abc', '/ > confirm/:token', { token: 'abc' }],
  ['/confirm/a%2Fb', '/ > confirm/:token', { token: 'a/b' }],
  ['/confirm', '/ > :store > (index)', { store: 'confirm' }],
  ['/legal', '/ > legal', {}],
  ['/legal/x', '/ > :store > *', { store: 'legal', '*': 'x' }],
  ['/receipt/ABC', '/ > receipt/*', { '*': 'ABC' }],
  ['/receipt/ABC/', '/ > receipt/*', { '*': 'ABC/' }],
  ['/receipt/a/b', '/ > receipt/*', { '*': 'a/b' }],
  ['/receipt', '/ > receipt/*', { '*': '' }],
  ['/ads.txt', '/ > ads.txt', {}],
  ['/adsxtxt', '/ > :store > (index)', { store: 'adsxtxt' }],
  ['/cargo/receive/tok', '/ > cargo/receive/:token', { token: 'tok' }],
  ['/cargo/receive', '/ > :store > *', { store: 'cargo', '*': 'receive' }],
  ['/cargo', '/ > :store > (index)', { store: 'cargo' }],
  ['/my-shop', '/ > :store > (index)', { store: 'my-shop' }],
  ['/my-shop/', '/ > :store > (index)', { store: 'my-shop' }],
  ['/my%20shop/profile', '/ > :store > profile', { store: 'my shop' }],
  ['/my-shop/profile', '/ > :store > profile', { store: 'my-shop' }],
  ['/my-shop/profile/edit', '/ > :store > profile/edit', { store: 'my-shop' }],
  ['/my-shop/profile/security', '/ > :store > profile/security', { store: 'my-shop' }],
  ['/my-shop/profile/store', '/ > :store > profile/store', { store: 'my-shop' }],
  ['/my-shop/profile/store/x/sales', '/ > :store > profile/store/:urlName/sales', { store: 'my-shop', urlName: 'x' }],
  ['/my-shop/profile/store/x/tills', '/ > :store > profile/store/:urlName/tills', { store: 'my-shop', urlName: 'x' }],
  [
    '/my-shop/profile/store/receipt-template/x',
    '/ > :store > profile/store/receipt-template/:editStore',
    { store: 'my-shop', editStore: 'x' },
  ],
  [
    '/my-shop/profile/store/receipt-template',
    '/ > :store > *',
    { store: 'my-shop', '*': 'profile/store/receipt-template' },
  ],
  ['/my-shop/profile/printers', '/ > :store > profile/printers', { store: 'my-shop' }],
  ['/my-shop/profile/subscription', '/ > :store > profile/subscription', { store: 'my-shop' }],
  ['/my-shop/profile/subscription/pricing', '/ > :store > profile/subscription/pricing', { store: 'my-shop' }],
  ['/my-shop/profile/subscription/return', '/ > :store > profile/subscription/return', { store: 'my-shop' }],
  ['/my-shop/profile/support', '/ > :store > profile/support', { store: 'my-shop' }],
  ['/my-shop/profile/x', '/ > :store > *', { store: 'my-shop', '*': 'profile/x' }],
  ['/my-shop/stock', '/ > :store > stock', { store: 'my-shop' }],
  ['/my-shop/stock/', '/ > :store > stock', { store: 'my-shop' }],
  ['/my-shop/stock/list', '/ > :store > stock/list', { store: 'my-shop' }],
  ['/my-shop/stock/scan', '/ > :store > stock/scan/:barcode?', { store: 'my-shop' }],
  ['/my-shop/stock/scan/123', '/ > :store > stock/scan/:barcode?', { store: 'my-shop', barcode: '123' }],
  ['/my-shop/stock/scan/1/2', '/ > :store > *', { store: 'my-shop', '*': 'stock/scan/1/2' }],
  ['/my-shop/stock/new', '/ > :store > stock/new', { store: 'my-shop' }],
  ['/my-shop/stock/edit/A%20B', '/ > :store > stock/edit/:code', { store: 'my-shop', code: 'A B' }],
  ['/my-shop/stock/edit', '/ > :store > *', { store: 'my-shop', '*': 'stock/edit' }],
  ['/my-shop/stock/inventory-catalog', '/ > :store > stock/inventory-catalog', { store: 'my-shop' }],
  ['/my-shop/shop', '/ > :store > shop/*', { store: 'my-shop', '*': '' }],
  ['/my-shop/shop/counter', '/ > :store > shop/counter/:transactionCode?', { store: 'my-shop' }],
  [
    '/my-shop/shop/counter/T1',
    '/ > :store > shop/counter/:transactionCode?',
    { store: 'my-shop', transactionCode: 'T1' },
  ],
  ['/my-shop/shop/counter/T1/x', '/ > :store > shop/*', { store: 'my-shop', '*': 'counter/T1/x' }],
  ['/my-shop/shop/list', '/ > :store > shop/list/:code?', { store: 'my-shop' }],
  ['/my-shop/shop/list/S1', '/ > :store > shop/list/:code?', { store: 'my-shop', code: 'S1' }],
  ['/my-shop/shop/shift', '/ > :store > shop/shift', { store: 'my-shop' }],
  ['/my-shop/shop/shift/5', '/ > :store > shop/shift/:id', { store: 'my-shop', id: '5' }],
  ['/my-shop/shop/statistic', '/ > :store > shop/statistic', { store: 'my-shop' }],
  ['/my-shop/shop/foo', '/ > :store > shop/*', { store: 'my-shop', '*': 'foo' }],
  ['/my-shop/shop/foo/bar', '/ > :store > shop/*', { store: 'my-shop', '*': 'foo/bar' }],
  ['/my-shop/cargo/manage', '/ > :store > cargo/manage', { store: 'my-shop' }],
  ['/my-shop/cargo/manage/new', '/ > :store > cargo/manage/new/:cargoCode?', { store: 'my-shop' }],
  ['/my-shop/cargo/manage/new/C1', '/ > :store > cargo/manage/new/:cargoCode?', { store: 'my-shop', cargoCode: 'C1' }],
  ['/my-shop/cargo/manage/C1', '/ > :store > cargo/manage/:cargoCode', { store: 'my-shop', cargoCode: 'C1' }],
  ['/my-shop/cargo/manage/new/C1/x', '/ > :store > *', { store: 'my-shop', '*': 'cargo/manage/new/C1/x' }],
  ['/my-shop/cargo', '/ > :store > *', { store: 'my-shop', '*': 'cargo' }],
  ['/my-shop/cargo/receive/tok', '/ > :store > *', { store: 'my-shop', '*': 'cargo/receive/tok' }],
  ['/my-shop/nope', '/ > :store > *', { store: 'my-shop', '*': 'nope' }],
  ['/a/b/c/d', '/ > :store > *', { store: 'a', '*': 'b/c/d' }],
  ['/my-shop/Stock/List', '/ > :store > stock/list', { store: 'my-shop' }],
  ['//my-shop//stock//list', '/ > *', { '*': '/my-shop//stock//list' }],
];

const branches = rankRoutes(appRoutes);
const describeBranch = (matches: { route: RouteObject }[]) =>
  matches.map(({ route }) => (route.index ? '(index)' : (route.path ?? ''))).join(' > ');

describe('app routes', () => {
  it.each(TABLE)('%s opens %s', (url, branch, params) => {
    const found = matchRoutes(branches, url);
    expect(found && describeBranch(found.matches)).toBe(branch);
    expect(found?.params).toEqual(params);
  });

  it('every path builder lands on its own route, not a catch-all', () => {
    const built: [string, string][] = [
      [paths.auth(), routes.auth],
      [paths.signUp(), routes.signUp],
      [paths.forgotPassword(), routes.forgotPassword],
      [paths.legal(), routes.legal],
      [paths.confirm('t/1'), routes.confirm],
      [paths.profile('s'), routes.profile],
      [paths.profileEdit('s'), routes.profileEdit],
      [paths.profileSecurity('s'), routes.profileSecurity],
      [paths.profileStore('s'), routes.profileStore],
      [paths.profileStoreSales('s', 'other shop'), routes.profileStoreSales],
      [paths.profileStoreReceipt('s', 'other'), routes.profileStoreReceipt],
      [paths.profilePrinters('s'), routes.profilePrinters],
      [paths.profileSubscription('s'), routes.profileSubscription],
      [paths.profileSubscriptionPricing('s'), routes.profileSubscriptionPricing],
      [paths.profileSubscriptionReturn('s'), routes.profileSubscriptionReturn],
      [paths.profileSupport('s'), routes.profileSupport],
      [paths.stockList('s'), routes.stockList],
      [paths.stockCatalog('s'), routes.stockCatalog],
      [paths.stockScan('s'), routes.stockScan],
      [paths.stockScan('s', '4901234567894'), routes.stockScan],
      [paths.stockNew('s', new URLSearchParams({ code: '1' })), routes.stockNew],
      [paths.stockEdit('s', 'a/b'), routes.stockEdit],
      [paths.shopCounter('s'), routes.shopCounter],
      [paths.shopCounter('s', 'T1'), routes.shopCounter],
      [paths.shopList('s'), routes.shopList],
      [paths.shopList('s', 'S1'), routes.shopList],
      [paths.shopShift('s'), routes.shopShift],
      [paths.shopShiftReport('s', '7'), routes.shopShiftReport],
      [paths.shopStatistic('s'), routes.shopStatistic],
      [paths.customers('s'), routes.customers],
      [paths.customerNew('s'), routes.customerNew],
      [paths.customerPage('s', 'c/1'), routes.customerPage],
      [paths.customerEdit('s', 'c1'), routes.customerEdit],
      [paths.profileStoreLoyalty('s', 'other shop'), routes.profileStoreLoyalty],
      [paths.profileStoreStoredValue('s', 'other shop'), routes.profileStoreStoredValue],
      [paths.giftCards('s'), routes.giftCards],
      [paths.giftCardLiability('s'), routes.giftCardLiability],
      [paths.giftCardPage('s', '1234567890123456'), routes.giftCardPage],
      [paths.cargoList('s', 'token'), routes.cargoList],
      [paths.cargoNew('s'), routes.cargoNew],
      [paths.cargoNew('s', 'C1'), routes.cargoNew],
      [paths.cargoDetail('s', 'C1', true), routes.cargoDetail],
    ];
    for (const [path, route] of built) {
      const found = matchRoutes(branches, path.split('?')[0]!);
      expect(found?.matches.at(-1)?.route.path, path).toBe(route);
    }
    expect(matchRoutes(branches, paths.stockEdit('s', 'a/b'))?.params.code).toBe('a/b');
    expect(matchRoutes(branches, paths.store('s'))?.matches.at(-1)?.route.index).toBe(true);
  });
});
