/**
 * Exchange rates: the euro reference rates (ECB feed, pegs, bundled snapshot), any pair's cross
 * rate, and each store's manual main → second rate, which the counter converts second-currency
 * tenders with.
 */
export { publicRatesRoutes, storeRatesRoutes } from './rates.routes.ts';
export { ensureSnapshot, rateOn, storeRate, type RatesDeps } from './rates.service.ts';
export { importFeed, startRatesFeed } from './rates-feed.ts';
