/** Plans: free-tier limits and premium in one place (product.md §5, §7). */
export {
  assertCanCreate,
  claimSlots,
  forgetFreeUsage,
  freeLimitReached,
  isPremium,
  limitContextOf,
  remainingSlots,
  saleSlot,
  storageQuota,
  subscriptionStatus,
  type LimitContext,
  type LimitedKind,
  type StorageQuota,
  type WriteLimits,
} from './plans.service.ts';
export { plansRoutes } from './plans.routes.ts';
