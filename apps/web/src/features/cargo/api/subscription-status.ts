import { useAllowance } from '../../../lib/subscription-status.ts';

/**
 * How many cargos the free plan still allows (null: no limit), from the session's
 * subscriptionStatus, which lib/subscription-status.ts keeps fresh after every cargo create,
 * receive or delete.
 */
export function useCargoAllowance() {
  const { cargos } = useAllowance();
  return { left: cargos, atLimit: cargos === 0 };
}
