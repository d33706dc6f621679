import { useState } from 'react';
import { Alert, Box, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ItemGrid as Grid, ItemGridCell } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storeToday } from '../../../lib/store-today.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useItemGrid } from '../api/get-item-grid.ts';
import { periodStart } from '../items/grid-period.ts';

const PERIODS = ['7', '30', '90'] as const;

/** One cell's figures: stock now, big; sold in the period under it. A retired variant is struck. */
function Figures({
  stock,
  sold,
  label,
  retired = false,
  total = false,
}: {
  stock: number;
  sold: number;
  label: string;
  retired?: boolean;
  total?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box ta="center" aria-label={label} style={{ opacity: retired ? 0.55 : 1 }}>
      <Text fw={total ? 800 : 700} fz="lg" lh={1.2} c={stock < 0 ? 'red' : stock === 0 ? 'dimmed' : undefined}>
        {stock.toLocaleString()}
      </Text>
      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('items.grid.sold', { count: sold })}
      </Text>
    </Box>
  );
}

function cellsAt(grid: Grid, row: number, column: number): ItemGridCell[] {
  return grid.cells.filter((c) => c.row === row && c.column === column);
}

/**
 * An item's stock and sales by option 1 × option 2 (size × colour): each cell a variant's stock now
 * and what sold in the period, with each row's and column's totals. A third option's variants of
 * one cell add up in it.
 */
export function ItemGrid({ store, id }: { store: string; id: string }) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const today = storeToday(useSession((s) => s.virtualStore?.timezone));
  const [days, setDays] = useState<(typeof PERIODS)[number]>('30');
  const grid = useItemGrid(store, id, periodStart(today, Number(days)), today);
  const g = grid.data;
  const cellLabel = (row: string, column: string, stock: number, sold: number) =>
    t('items.grid.cellLabel', { name: [row, column].filter(Boolean).join(' · '), stock, sold });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('items.grid.title')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz={18}>
              {t('items.grid.title')}
            </Title>
            <Text fz="sm" c="dimmed" mt={2}>
              {t('items.grid.hint')}
            </Text>
          </div>
          <SegmentedControl
            value={days}
            onChange={(d) => setDays(d as (typeof PERIODS)[number])}
            data={PERIODS.map((d) => ({ value: d, label: t('items.grid.days', { count: Number(d) }) }))}
            aria-label={t('items.grid.period')}
          />
        </Group>
        {grid.isPending && <Skeleton h={160} />}
        {grid.isError && (
          <Alert color="red" role="alert">
            {describeError(t, grid.error)}
          </Alert>
        )}
        {g && (
          <>
            <Table.ScrollContainer minWidth={(g.columns.length + (g.columns.length > 1 ? 1 : 0)) * 70 + 90}>
              <Table
                withTableBorder
                withColumnBorders
                verticalSpacing="xs"
                aria-label={t('items.grid.title')}
                style={{ opacity: grid.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{[g.rowOption, g.columnOption].filter(Boolean).join(' \\ ')}</Table.Th>
                    {g.columns.map((c, k) => (
                      <Table.Th key={k} ta="center">
                        {c || g.columnOption || t('items.grid.stock')}
                      </Table.Th>
                    ))}
                    {g.columns.length > 1 && <Table.Th ta="center">{t('items.grid.total')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {g.rows.map((r, i) => (
                    <Table.Tr key={i}>
                      <Table.Th fw={700}>{r || g.name}</Table.Th>
                      {g.columns.map((c, k) => {
                        const cells = cellsAt(g, i, k);
                        if (cells.length === 0)
                          return (
                            <Table.Td key={k} ta="center" c="dimmed" aria-label={t('items.grid.none')}>
                              –
                            </Table.Td>
                          );
                        const stock = cells.reduce((n, c) => n + c.quantity, 0);
                        const sold = cells.reduce((n, c) => n + c.soldQuantity, 0);
                        return (
                          <Table.Td key={k}>
                            <Figures
                              stock={stock}
                              sold={sold}
                              retired={cells.every((c) => c.retired)}
                              label={cellLabel(r, c, stock, sold)}
                            />
                          </Table.Td>
                        );
                      })}
                      {g.columns.length > 1 && (
                        <Table.Td bg="var(--mantine-color-default-hover)">
                          <Figures
                            total
                            stock={g.rowTotals[i]?.quantity ?? 0}
                            sold={g.rowTotals[i]?.soldQuantity ?? 0}
                            label={cellLabel(
                              r,
                              t('items.grid.total'),
                              g.rowTotals[i]?.quantity ?? 0,
                              g.rowTotals[i]?.soldQuantity ?? 0,
                            )}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                  {g.rows.length > 1 && (
                    <Table.Tr bg="var(--mantine-color-default-hover)">
                      <Table.Th>{t('items.grid.total')}</Table.Th>
                      {g.columns.map((c, k) => (
                        <Table.Td key={k}>
                          <Figures
                            total
                            stock={g.columnTotals[k]?.quantity ?? 0}
                            sold={g.columnTotals[k]?.soldQuantity ?? 0}
                            label={cellLabel(
                              t('items.grid.total'),
                              c,
                              g.columnTotals[k]?.quantity ?? 0,
                              g.columnTotals[k]?.soldQuantity ?? 0,
                            )}
                          />
                        </Table.Td>
                      ))}
                      {g.columns.length > 1 && (
                        <Table.Td>
                          <Figures
                            total
                            stock={g.total.quantity}
                            sold={g.total.soldQuantity}
                            label={cellLabel(t('items.grid.total'), '', g.total.quantity, g.total.soldQuantity)}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text fz="sm" c="dimmed" data-testid="grid-revenue">
              {t('items.grid.revenue', {
                from: g.from,
                to: g.to,
                sold: g.total.soldQuantity,
                revenue: formatMain(money, g.total.revenue),
              })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
