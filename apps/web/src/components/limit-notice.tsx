import { Alert, Anchor, Text, type MantineSpacing } from '@mantine/core';
import { Link } from '../lib/router/index.ts';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { paths } from '../lib/paths.ts';
import { useAllowance } from '../lib/subscription-status.ts';
import { IconAlert } from './icons.tsx';

export type LimitKind = 'products' | 'cargos' | 'transactions' | 'members';

/**
 * When to start saying so: the last few of a limit (at least 5, or a tenth of a large one), so the
 * notice is news when it appears rather than a banner everyone learns to ignore.
 */
export function nearLimit(limit: number, left: number): boolean {
  return left <= Math.max(5, Math.ceil(limit / 10));
}

interface Props {
  kind: LimitKind;
  store: string;
  /** Smaller, for tight places such as the counter. */
  compact?: boolean;
  mb?: MantineSpacing;
}

/**
 * The free plan's room for `kind` where it matters (adding a product, at the counter, creating a
 * cargo, inviting a member): nothing while there is plenty, a notice with the count left near the limit, and at the
 * limit a clear message; each with the way to upgrade. Premium has no limit and sees nothing.
 */
export function LimitNotice({ kind, store, compact = false, mb }: Props) {
  const { t } = useTranslation();
  const allowance = useAllowance();
  const left = allowance[kind];
  const limit = {
    products: allowance.status.freeProductLimit,
    cargos: allowance.status.freeCargoLimit,
    transactions: allowance.status.freeTransactionLimit,
    members: allowance.status.freeMemberLimit ?? null,
  }[kind];
  if (left === null || limit === null || !nearLimit(limit, left)) return null;
  const reached = left === 0;
  return (
    <Alert
      color={reached ? 'red' : 'yellow'}
      variant="light"
      radius="md"
      mb={mb}
      p={compact ? 'xs' : 'sm'}
      icon={compact ? undefined : <IconAlert size={20} />}
      data-testid={`limit-notice-${kind}`}
    >
      <Text size="sm" fw={reached ? 700 : 500}>
        {reached
          ? t(`subscription.limitReached.${kind}`, { limit })
          : t(`subscription.limitNear.${kind}`, { count: left, limit })}{' '}
        <Anchor component={Link} to={paths.profileSubscriptionPricing(store)} size="sm" fw={700}>
          {t('subscription.upgradeLink')}
        </Anchor>
      </Text>
    </Alert>
  );
}
