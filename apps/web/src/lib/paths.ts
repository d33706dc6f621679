/**
 * Every route path of the app (original.md §2), built in one place so a renamed route cannot leave
 * a stale link behind. The router's patterns are below the builders they match. A leaf of lib/:
 * features, components and app/ all link through it.
 */
const seg = encodeURIComponent;

/** Route patterns, relative to their parent route, as the router declares them. */
export const routes = {
  auth: 'auth',
  signUp: 'signUp',
  forgotPassword: 'forgot-password',
  confirm: 'confirm/:token',
  legal: 'legal',
  receipt: 'receipt/*',
  adsTxt: 'ads.txt',
  store: ':store',
  profile: 'profile',
  profileEdit: 'profile/edit',
  profileSecurity: 'profile/security',
  profileStore: 'profile/store',
  profileStoreSales: 'profile/store/:urlName/sales',
  profileStoreBarcodeRules: 'profile/store/:urlName/barcode-rules',
  profileStoreReceipt: 'profile/store/receipt-template/:editStore',
  profilePrinters: 'profile/printers',
  profileSubscription: 'profile/subscription',
  profileSubscriptionPricing: 'profile/subscription/pricing',
  /** Where Stripe's checkout sends the user back (the billing server builds the same address). */
  profileSubscriptionReturn: 'profile/subscription/return',
  profileSupport: 'profile/support',
  stock: 'stock',
  stockList: 'stock/list',
  stockScan: 'stock/scan/:barcode?',
  stockNew: 'stock/new',
  stockEdit: 'stock/edit/:code',
  stockCatalog: 'stock/inventory-catalog',
  itemNew: 'stock/items/new',
  itemEdit: 'stock/items/:id',
  shopCounter: 'shop/counter/:transactionCode?',
  shopList: 'shop/list/:code?',
  shopShift: 'shop/shift',
  shopShiftReport: 'shop/shift/:id',
  shopStatistic: 'shop/statistic',
  shopActivity: 'shop/activity',
  shopExceptions: 'shop/exceptions',
  customers: 'shop/customers',
  customerNew: 'shop/customers/new',
  customerPage: 'shop/customers/:id',
  customerEdit: 'shop/customers/:id/edit',
  profileStoreLoyalty: 'profile/store/:urlName/loyalty',
  profileStoreStoredValue: 'profile/store/:urlName/stored-value',
  giftCards: 'shop/gift-cards',
  giftCardLiability: 'shop/gift-cards/liability',
  giftCardPage: 'shop/gift-cards/:code',
  cargoList: 'cargo/manage',
  cargoNew: 'cargo/manage/new/:cargoCode?',
  cargoDetail: 'cargo/manage/:cargoCode',
  /** A hand-over QR's link (packages/shared cargo.ts): top level, `cargo` is a reserved store name. */
  cargoReceive: 'cargo/receive/:token',
  /** An invitation mail's link (packages/shared members.ts): top level, `invite` is a reserved store name. */
  invite: 'invite/:token',
  /** A paired customer display (issue 45): top level and public, `display` is a reserved store name. */
  display: 'display/:token',
  /** A counter's second window on the same device, fed over a BroadcastChannel. */
  localDisplay: 'display-window/:store',
  profileStoreMembers: 'profile/store/:urlName/members',
  profileStoreTills: 'profile/store/:urlName/tills',
  /** Screens of original.md §2 still to be built: they answer "coming soon" until they land. */
  comingSoon: ['shop/*'],
} as const;

export const paths = {
  root: () => '/',
  auth: () => `/${routes.auth}`,
  signUp: () => `/${routes.signUp}`,
  forgotPassword: () => `/${routes.forgotPassword}`,
  legal: () => `/${routes.legal}`,
  confirm: (token: string) => `/confirm/${seg(token)}`,
  invite: (token: string) => `/invite/${seg(token)}`,
  /** A paired customer display (the pairing's url is this path on APP_URL). */
  display: (token: string) => `/display/${seg(token)}`,
  /** The customer display of `store` in a second window of the counter's device. */
  localDisplay: (store: string) => `/display-window/${seg(store)}`,

  /** The store's home; `relative` (a navigator or home card path such as 'stock/list') goes under it. */
  store: (store: string, relative = '') => `/${seg(store)}${relative ? `/${relative}` : ''}`,
  profile: (store: string) => paths.store(store, routes.profile),
  profileEdit: (store: string) => paths.store(store, routes.profileEdit),
  profileSecurity: (store: string) => paths.store(store, routes.profileSecurity),
  profileStore: (store: string) => paths.store(store, routes.profileStore),
  /** One of the user's stores' counter settings (tax, cash rounding, exchange rate), opened from `store`. */
  profileStoreSales: (store: string, urlName: string) => paths.store(store, `profile/store/${seg(urlName)}/sales`),
  /** The people of one of the user's stores (members, invitations), opened from `store`. */
  profileStoreMembers: (store: string, urlName: string) => paths.store(store, `profile/store/${seg(urlName)}/members`),
  /** The tills of one of the user's stores (shared devices in till mode): who made them, last seen, revoke. */
  profileStoreTills: (store: string, urlName: string) => paths.store(store, `profile/store/${seg(urlName)}/tills`),
  /** One of the user's stores' barcode rules (scale and price labels), opened from `store`. */
  profileStoreBarcodeRules: (store: string, urlName: string) =>
    paths.store(store, `profile/store/${seg(urlName)}/barcode-rules`),
  /** One of the user's stores' receipt template, opened from `store`. */
  profileStoreReceipt: (store: string, editStore: string) =>
    paths.store(store, `profile/store/receipt-template/${seg(editStore)}`),
  profilePrinters: (store: string) => paths.store(store, routes.profilePrinters),
  /** The plan, free-tier usage, billing history, cancel / resume. */
  profileSubscription: (store: string) => paths.store(store, routes.profileSubscription),
  /** Premium's prices and the upgrade. */
  profileSubscriptionPricing: (store: string) => paths.store(store, routes.profileSubscriptionPricing),
  profileSubscriptionReturn: (store: string) => paths.store(store, routes.profileSubscriptionReturn),
  profileSupport: (store: string) => paths.store(store, routes.profileSupport),
  stockList: (store: string) => paths.store(store, routes.stockList),
  stockCatalog: (store: string) => paths.store(store, routes.stockCatalog),
  /** The scan screen, showing `code`'s product card when given. */
  stockScan: (store: string, code?: string) => paths.store(store, code ? `stock/scan/${seg(code)}` : 'stock/scan'),
  /** The new-product form; `query` prefills it (e.g. the scanned barcode). */
  stockNew: (store: string, query?: URLSearchParams) =>
    paths.store(store, routes.stockNew) + (query ? `?${query.toString()}` : ''),
  stockEdit: (store: string, code: string) => paths.store(store, `stock/edit/${seg(code)}`),
  /** A new item with options (Size, Colour…) and its variants. */
  itemNew: (store: string) => paths.store(store, routes.itemNew),
  /** One item's editor: its options and variants, labels for them; a product of its own given options. */
  itemEdit: (store: string, id: string) => paths.store(store, `stock/items/${seg(id)}`),
  /** The counter; with `transactionCode`, a held cart reopened. */
  shopCounter: (store: string, transactionCode?: string) =>
    paths.store(store, transactionCode ? `shop/counter/${seg(transactionCode)}` : 'shop/counter'),
  /** The transactions list; with `code`, one sale's detail over it. */
  shopList: (store: string, code?: string) => paths.store(store, code ? `shop/list/${seg(code)}` : 'shop/list'),
  /** The till's shift: open, X report, pay-ins and pay-outs, closing, past Z reports. */
  shopShift: (store: string) => paths.store(store, routes.shopShift),
  /** One shift's report (Z once closed). */
  shopShiftReport: (store: string, id: string) => paths.store(store, `shop/shift/${seg(id)}`),
  /** Sales reports: totals, charts, top products and tenders of a period. */
  shopStatistic: (store: string) => paths.store(store, routes.shopStatistic),
  /** The store's audit log: who did what, filtered by member, action and date. */
  shopActivity: (store: string) => paths.store(store, routes.shopActivity),
  /** The exceptions report: overrides, discounts, approvals, refunds, voids, no-sales, cash moves. */
  shopExceptions: (store: string) => paths.store(store, routes.shopExceptions),
  /** The store's customers: search, sort, import and export (REPORTS). */
  customers: (store: string) => paths.store(store, routes.customers),
  customerNew: (store: string) => paths.store(store, routes.customerNew),
  /** One customer: contact, totals, points, member code and history. */
  customerPage: (store: string, id: string) => paths.store(store, `shop/customers/${seg(id)}`),
  customerEdit: (store: string, id: string) => paths.store(store, `shop/customers/${seg(id)}/edit`),
  /** One of the user's stores' points programme (earn rate, point value, expiry), opened from `store`. */
  profileStoreLoyalty: (store: string, urlName: string) => paths.store(store, `profile/store/${seg(urlName)}/loyalty`),
  /** One of the user's stores' gift card settings (six-month expiry, where usable, contact), opened from `store`. */
  profileStoreStoredValue: (store: string, urlName: string) =>
    paths.store(store, `profile/store/${seg(urlName)}/stored-value`),
  /** The store's gift cards and store credit: search by code, customer or status (REPORTS). */
  giftCards: (store: string) => paths.store(store, routes.giftCards),
  /** Unused balances at a date and, for a yen store, the Payment Services Act's threshold. */
  giftCardLiability: (store: string) => paths.store(store, routes.giftCardLiability),
  /** One card or store credit: balance, status and entries; block and adjust (SETTINGS). */
  giftCardPage: (store: string, code: string) => paths.store(store, `shop/gift-cards/${seg(code)}`),
  /** The store's cargos; `receive` (a hand-over token) asks to receive that cargo here. */
  cargoList: (store: string, receive?: string) =>
    paths.store(store, routes.cargoList) + (receive ? `?receive=${seg(receive)}` : ''),
  /** A new cargo; with `cargoCode`, that cargo's contents being edited (edit=true). */
  cargoNew: (store: string, cargoCode?: string) =>
    paths.store(store, cargoCode ? `cargo/manage/new/${seg(cargoCode)}?edit=true` : 'cargo/manage/new'),
  /** One cargo; `transfer` opens its hand-over choices. */
  cargoDetail: (store: string, cargoCode: string, transfer = false) =>
    paths.store(store, `cargo/manage/${seg(cargoCode)}`) + (transfer ? '?transfer=true' : ''),
};
