import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { SubscriptionStatus } from '@shopdesk/shared';

interface Row {
  key: 'products' | 'cargos' | 'transactions' | 'members';
  count: number;
  limit: number | null;
}

/** Each free limit as a bar with its count (original.md §3 status); premium shows the counts without limits. */
export function UsageBars({ status }: { status: SubscriptionStatus }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const rows: Row[] = [
    { key: 'products', count: status.productCount, limit: status.freeProductLimit },
    { key: 'cargos', count: status.cargoCount, limit: status.freeCargoLimit },
    { key: 'transactions', count: status.shopTransactionCount, limit: status.freeTransactionLimit },
    { key: 'members', count: status.memberCount ?? 0, limit: status.freeMemberLimit ?? null },
  ];
  return (
    <Stack gap="md">
      {rows.map((row) => {
        const share = row.limit ? Math.min(100, (row.count / row.limit) * 100) : 0;
        const full = row.limit !== null && row.count >= row.limit;
        const color = full ? 'red' : share >= 80 ? 'yellow' : 'teal';
        return (
          <div key={row.key} data-testid={`usage-${row.key}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <Text fw={600} size="sm">
                {t(`subscription.usage.${row.key}`)}
              </Text>
              <Text
                size="sm"
                fw={full ? 700 : 500}
                c={full ? 'var(--mantine-color-red-text)' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {row.limit === null
                  ? t('subscription.usage.unlimited', { value: number(row.count) })
                  : t('subscription.usage.of', { value: number(row.count), limit: number(row.limit) })}
              </Text>
            </Group>
            {row.limit !== null && (
              <Progress
                value={share}
                color={color}
                size="lg"
                radius="xl"
                aria-label={t(`subscription.usage.${row.key}`)}
              />
            )}
          </div>
        );
      })}
    </Stack>
  );
}
