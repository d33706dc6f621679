import { type Dispatch } from 'react';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { asProductUnit, formatQuantity, isMeasuredUnit, type Product } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { productQuery } from '../api/get-product.ts';
import { reviewLines, reviewTotals, type ReviewLine } from '../stock-take/review.ts';
import type { Tally, TallyAction } from '../stock-take/tally.ts';
import { NotCounted } from './not-counted.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

const signed = (n: number, locale: string) => (n > 0 ? `+${n.toLocaleString(locale)}` : n.toLocaleString(locale));

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" lh={1.2}>
        {label}
      </Text>
      <Text fw={800} fz="lg" c={color} lh={1.3}>
        {value}
      </Text>
    </Box>
  );
}

function LineRow({ line, pending, error }: { line: ReviewLine; pending: boolean; error: string | null }) {
  const { t, i18n } = useTranslation();
  const d = line.difference;
  // A weighed product's figures are thousandths: shown with 3 decimals and the unit (0.342 kg).
  const unit = asProductUnit(line.product?.unit);
  const measured = isMeasuredUnit(unit);
  const show = (n: number) => (measured ? formatQuantity(n, unit) : n.toLocaleString(i18n.language));
  if (error) {
    return (
      <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Text fz="xs" c="dimmed" ff="monospace">
          {line.code}
        </Text>
        <Text fz="sm" c="red" mt={4}>
          {t('stockTake.review.readFailed', { message: error })}
        </Text>
      </Box>
    );
  }
  if (pending) {
    return (
      <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Text fz="xs" c="dimmed" ff="monospace">
          {line.code}
        </Text>
        <Skeleton h={40} mt={6} />
      </Box>
    );
  }
  return (
    <Box
      component="li"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="review-line"
    >
      <Text fw={600} lineClamp={2} c={line.product ? undefined : 'red'}>
        {line.product?.name ?? t('stockTake.unknown')}
      </Text>
      <Text fz="xs" c="dimmed" ff="monospace" truncate>
        {line.code}
      </Text>
      {line.product ? (
        <SimpleGrid cols={3} spacing="xs" mt={6}>
          <Figure label={t('stockTake.review.counted')} value={show(line.counted)} />
          <Figure label={t('stockTake.review.onRecord')} value={show(line.product.quantity)} />
          <Figure
            label={t('stockTake.review.difference')}
            value={
              d ? (measured ? (d > 0 ? '+' : '') + show(d) : signed(d, i18n.language)) : t('stockTake.review.same')
            }
            color={d ? (d < 0 ? 'red' : 'teal') : 'dimmed'}
          />
        </SimpleGrid>
      ) : (
        <Text fz="sm" c="red" mt={4}>
          {t('stockTake.review.unknownLine')}
        </Text>
      )}
    </Box>
  );
}

/**
 * The review before a stock-take is saved: each counted product with its count, its stock on
 * record (read again now) and the difference; how many products of the store or a category were
 * not counted; then save, or go back to counting.
 */
export function StockTakeReview({
  store,
  tally,
  dispatch,
  saving,
  onBack,
  onSave,
}: {
  store: string;
  tally: Tally;
  dispatch: Dispatch<TallyAction>;
  saving: boolean;
  onBack: () => void;
  onSave: (lines: ReviewLine[]) => void;
}) {
  const { t, i18n } = useTranslation();
  // Offline, saving is off and the offline banner says why.
  const lock = useWriteLock();
  // Read fresh when the review opens (productQuery has no stale time), whatever the scan cached.
  const reads = useQueries({
    queries: tally.entries.map((e) => ({ ...productQuery(store, e.code), refetchOnMount: 'always' as const })),
  });
  const loading = reads.some((r) => r.isPending);
  const products = new Map<string, Product | null>();
  const errors = new Map<string, string>();
  tally.entries.forEach((e, i) => {
    const read = reads[i];
    if (read?.data !== undefined) products.set(e.code, read.data);
    else if (read?.isError) errors.set(e.code, describeError(t, read.error));
  });
  const lines = reviewLines(tally.entries, products);
  // Differences first: they are what the review is for.
  const ordered = [...lines].sort((a, b) => Number(!a.difference) - Number(!b.difference));
  const totals = reviewTotals(lines.filter((l) => products.has(l.code)));

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="review-title">
        <Title order={2} fz={18} id="review-title">
          {t('stockTake.review.title')}
        </Title>
        <Text fz="sm" c="dimmed" mt={4}>
          {t('stockTake.review.text')}
        </Text>
        <Group gap="xs" mt="sm" aria-live="polite">
          <Badge variant="light" tt="none" size="lg">
            {t('stockTake.productCount', { count: totals.products })}
          </Badge>
          <Badge variant="light" tt="none" size="lg" color={totals.differing ? 'orange' : 'teal'}>
            {t('stockTake.review.differing', { count: totals.differing })}
          </Badge>
          {totals.differing > 0 && (
            <Badge variant="light" tt="none" size="lg" color={totals.netChange < 0 ? 'red' : 'teal'}>
              {t('stockTake.review.net', { change: signed(totals.netChange, i18n.language) })}
            </Badge>
          )}
          {totals.unknown > 0 && (
            <Badge variant="light" tt="none" size="lg" color="red">
              {t('stockTake.review.unknownCount', { count: totals.unknown })}
            </Badge>
          )}
        </Group>
        <Stack
          component="ul"
          gap={0}
          p={0}
          m={0}
          mt="sm"
          style={{ listStyle: 'none' }}
          aria-label={t('stockTake.review.listLabel')}
          aria-busy={loading}
        >
          {ordered.map((line) => (
            <LineRow
              key={line.code}
              line={line}
              pending={!products.has(line.code)}
              error={errors.get(line.code) ?? null}
            />
          ))}
        </Stack>
      </Paper>
      <NotCounted store={store} lines={lines} dispatch={dispatch} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button variant="default" size="lg" onClick={onBack} disabled={saving}>
          {t('stockTake.review.back')}
        </Button>
        <Button
          size="lg"
          onClick={() => onSave(lines)}
          loading={saving}
          disabled={loading || totals.products === 0}
          {...lock}
        >
          {t('stockTake.review.save', { count: totals.products })}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
