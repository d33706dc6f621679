/** Query keys of the subscription feature: the user's own billing (no store; X-Store is not sent). */
export const subscriptionKeys = {
  all: () => ['subscription'] as const,
  subscription: () => ['subscription', 'current'] as const,
  plans: () => ['subscription', 'plans'] as const,
  history: () => ['subscription', 'billing-history'] as const,
};
