import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { seesCost, type ProductSummary } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import { useStoreRights } from '../../../lib/store-rights.ts';
import { useSummary } from '../api/get-summary.ts';

interface FigureProps {
  label: string;
  value: ReactNode;
  /** Where the figure leads, e.g. the product list; its label then is a link. */
  to?: string;
  tone?: 'warn';
}

function Figure({ label, value, to, tone }: FigureProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Text size="sm" c="dimmed" lh={1.3}>
        {to ? (
          <Anchor component={Link} to={to} c="inherit" underline="always" size="sm">
            {label}
          </Anchor>
        ) : (
          label
        )}
      </Text>
      <Text
        component="div"
        fw={800}
        fz={{ base: 20, sm: 24 }}
        mt={4}
        lh={1.2}
        c={tone === 'warn' ? 'orange.8' : undefined}
        style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The store's catalogue at a glance: products, stock value at cost and at price, low stock. The
 * value at cost only for a member who may see cost (a cashier's home shows none; the server sends
 * none to them either).
 */
export function SummaryFigures({ store }: { store: string }) {
  const { t, i18n } = useTranslation();
  const summary = useSummary(store);
  const rights = useStoreRights();
  const money = useStoreMoney();
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  if (summary.isError) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('home.figures.unavailable')} {describeError(t, summary.error)}
      </Text>
    );
  }
  const s: ProductSummary | undefined = summary.data;
  const value = (render: (s: ProductSummary) => ReactNode) => (s ? render(s) : <Skeleton h={24} w="70%" mt={4} />);
  const low = s?.lowStockCount ?? 0;
  // Known from the rights before the figures arrive, so no placeholder shows for a tile that goes.
  const showCost = (rights === null || seesCost(rights)) && s?.stockValueAtCost !== null;

  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      p={0}
      m={0}
      aria-label={t('home.figures.title')}
      aria-busy={!s}
    >
      <Figure
        label={t('home.figures.products')}
        to={paths.stockList(store)}
        value={value((x) => count(x.productCount))}
      />
      {showCost && (
        <Figure label={t('home.figures.atCost')} value={value((x) => formatMain(money, x.stockValueAtCost ?? 0))} />
      )}
      <Figure label={t('home.figures.atPrice')} value={value((x) => formatMain(money, x.stockValueAtPrice))} />
      <Figure
        label={t('home.figures.lowStock')}
        to={`${paths.stockList(store)}?lowStock=true`}
        value={value((x) => count(x.lowStockCount))}
        tone={low > 0 ? 'warn' : undefined}
      />
    </SimpleGrid>
  );
}
