import { Alert, Badge, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { JAPAN_WARNING_BP, type StoredValueLiability } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { StoredValueFormat } from '../../../lib/stored-value-format.ts';
import { IconAlert } from '../../../components/icons.tsx';

/** The bar's colour: calm below the warning share, orange from it, red at or over the threshold. */
export function thresholdColor(bp: number): string {
  return bp >= 10_000 ? 'red' : bp >= JAPAN_WARNING_BP ? 'orange' : 'teal';
}

/**
 * A yen store's view of the Payment Services Act (資金決済法): what it means in plain words, the
 * unused balance it counts (six-month cards left out) against the ¥10,000,000 threshold as a bar (a
 * warning from 80%), and the total at each reference date (31 March, 30 September), the dates the
 * Act looks at.
 */
export function ThresholdPanel({ liability, fmt }: { liability: StoredValueLiability; fmt: StoredValueFormat }) {
  const { t } = useTranslation();
  const threshold = liability.threshold ?? 0;
  const money = (n: number) => fmt.money(n, liability.currency);
  const { counted, thresholdBp: bp, warning } = liability;
  const percent = bp / 100;
  const over = bp >= 10_000;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sv-act">
      <Stack gap="md">
        <Title order={2} fz={18} id="sv-act" style={{ wordBreak: 'keep-all' }}>
          {t('giftCards.liability.actTitle')}
        </Title>
        <Text fz="sm">{t('giftCards.liability.actText', { threshold: money(threshold) })}</Text>
        <Text fz="sm" c="dimmed">
          {t('giftCards.liability.shortLived')}
        </Text>
        <Stack gap={6}>
          <Text fz="xs" c="dimmed" fw={600}>
            {t('giftCards.liability.counted')}
          </Text>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="sm" fw={600}>
              {t('giftCards.liability.ofThreshold', {
                total: money(counted),
                threshold: money(threshold),
              })}
            </Text>
            <Text fz="sm" fw={700} c={thresholdColor(bp)} data-testid="sv-threshold-percent">
              {t('giftCards.liability.percent', { percent: fmt.count(Math.round(percent * 10) / 10) })}
            </Text>
          </Group>
          <Progress
            value={Math.min(100, percent)}
            color={thresholdColor(bp)}
            size="lg"
            radius="xl"
            aria-label={t('giftCards.liability.barLabel')}
          />
          {liability.shortLivedTotal > 0 && (
            <Text fz="xs" c="dimmed">
              {t('giftCards.liability.shortLivedShare', { amount: money(liability.shortLivedTotal) })}
            </Text>
          )}
        </Stack>
        {warning && (
          <Alert
            color={over ? 'red' : 'orange'}
            variant="light"
            icon={<IconAlert size={20} />}
            title={t(over ? 'giftCards.liability.overTitle' : 'giftCards.liability.warningTitle')}
            role="alert"
          >
            {t(over ? 'giftCards.liability.overText' : 'giftCards.liability.warningText', {
              threshold: money(threshold),
            })}
          </Alert>
        )}
        <div>
          <Title order={3} fz={15} mb={4}>
            {t('giftCards.liability.referenceDates')}
          </Title>
          <Text fz="xs" c="dimmed" mb="xs">
            {t('giftCards.liability.referenceHint')}
          </Text>
          {liability.referenceDates.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('giftCards.liability.noReferenceDates')}
            </Text>
          ) : (
            <Table verticalSpacing={6} aria-label={t('giftCards.liability.referenceDates')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('giftCards.liability.date')}</Table.Th>
                  <Table.Th ta="right">{t('giftCards.liability.unused')}</Table.Th>
                  <Table.Th ta="right">{t('giftCards.liability.against')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {liability.referenceDates.map((r) => (
                  <Table.Tr key={r.date} data-testid="sv-reference-date">
                    <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {fmt.day(r.date)}
                    </Table.Td>
                    <Table.Td ta="right" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {money(r.counted)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Badge color={r.overThreshold ? 'red' : 'gray'} variant="light" tt="none">
                        {t(r.overThreshold ? 'giftCards.liability.over' : 'giftCards.liability.under')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
