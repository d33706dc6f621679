import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PointsLiability as Liability } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ReportFormat } from './use-report-format.ts';

/**
 * What the store owes in points at the end of the period (points held × the value of a point) and
 * how the period's ledger moved them: earned, redeemed, reversed by refunds, adjusted, expired.
 */
export function PointsLiability({ points, format }: { points: Liability; format: ReportFormat }) {
  const { t } = useTranslation();
  const signed = (n: number) => (n > 0 ? `+${format.count(n)}` : format.count(n));
  const moves: [string, number][] = [
    ['earned', points.earned],
    ['redeemed', points.redeemed],
    ['reversed', points.reversed],
    ['adjusted', points.adjusted],
    ['expired', points.expired],
  ];
  return (
    <Stack gap="xs" data-testid="points-liability">
      <Title order={4} fz={15}>
        {t('statistics.customers.points')}
      </Title>
      {!points.enabled && (
        <Alert color="gray" variant="light" py="xs">
          {t('statistics.customers.pointsOff')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label={t('statistics.customers.liability')} value={format.money(points.liability)} strong />
        <Figure label={t('statistics.customers.outstanding')} value={format.count(points.outstanding)} />
        <Figure label={t('statistics.customers.pointValue')} value={format.money(points.pointValue)} />
        <Figure label={t('statistics.customers.holders')} value={format.count(points.holders)} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" c="dimmed" mb={4}>
          {t('statistics.customers.movements')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" verticalSpacing={4}>
          {moves.map(([key, n]) => (
            <Group key={key} justify="space-between" gap="xs" wrap="nowrap" data-testid={`points-${key}`}>
              <Text size="sm" c="dimmed">
                {t(`statistics.customers.${key}`)}
              </Text>
              <Text size="sm" fw={600} c={n < 0 ? 'red.7' : undefined}>
                {signed(n)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('statistics.customers.liabilityHint')}
      </Text>
    </Stack>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 600} fz={strong ? 'lg' : 'md'}>
        {value}
      </Text>
    </Paper>
  );
}
