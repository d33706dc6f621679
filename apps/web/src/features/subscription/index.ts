/**
 * The subscription feature's surface: the plan with free-tier usage and billing history, the prices
 * with the upgrade, and the page Stripe's checkout returns to, loaded on demand.
 */
export const subscriptionPages = {
  subscription: () => import('./pages/subscription-page.tsx'),
  pricing: () => import('./pages/pricing-page.tsx'),
  checkoutReturn: () => import('./pages/return-page.tsx'),
};
