/** Plans: free-tier limits and premium in one place (product.md §5, §7). */
export {
  assertCanCreate,
  claimSlots,
  forgetFreeUsage,
  freeLimitReached,
  isPremium,
  remainingSlots,
  saleSlot,
  storageQuota,
  subscriptionStatus,
  type LimitContext,
  type LimitedKind,
  type StorageQuota,
} from './plans.service.ts';
export { plansRoutes } from './plans.routes.ts';
