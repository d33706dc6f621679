import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ExceptionKind, ExceptionRow } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import type { ReportFormat } from './use-report-format.ts';

const TONE: Record<ExceptionKind, string> = {
  OVERRIDE: 'yellow',
  DISCOUNT: 'yellow',
  APPROVAL: 'blue',
  REFUND: 'orange',
  VOID: 'red',
  NO_SALE: 'grape',
  CASH_MOVE: 'grape',
  POINTS_REDEEM: 'teal',
  POINTS_ADJUST: 'teal',
  POINTS_OVERDRAWN: 'red',
  CARD_ADJUST: 'teal',
  CARD_BLOCK: 'red',
  CARD_UNBLOCK: 'gray',
};

interface Props {
  store: string;
  rows: ExceptionRow[];
  format: ReportFormat;
  /** A row's time in the store's time zone. */
  dateTime: (iso: string) => string;
  /** Cards on a phone; a table elsewhere. */
  layout: 'table' | 'cards';
}

/** The sale's code, a link to the sale; a voided held cart's code is kept but leads nowhere now. */
function SaleCode({ store, row }: { store: string; row: ExceptionRow }) {
  if (!row.saleCode) return null;
  if (row.kind === 'VOID') {
    return (
      <Text span ff="monospace" size="sm" c="dimmed">
        {row.saleCode}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={paths.shopList(store, row.saleCode)} ff="monospace" size="sm">
      {row.saleCode}
    </Anchor>
  );
}

/**
 * Every exception row of the period: when, what, who and on which till, who approved it and how
 * (online or offline), its money and its sale.
 */
export function ExceptionsList({ store, rows, format, dateTime, layout }: Props) {
  const { t } = useTranslation();
  const who = (name: string) => name || t('exceptions.deletedUser');
  const approver = (row: ExceptionRow) => (row.approvedBy ? who(row.approvedByName ?? '') : '');
  /** "Approved by Mona (online)" on a card; the mode alone when no other member approved. */
  const approvalLine = (row: ExceptionRow) => {
    if (row.approvedBy && row.approvalMode) {
      const mode = t(`exceptions.approvalMode.${row.approvalMode}`);
      return t('exceptions.approvedByNameMode', { name: approver(row), mode });
    }
    if (row.approvedBy) return t('exceptions.approvedByName', { name: approver(row) });
    return row.approvalMode ? t(`exceptions.approvalModeLine.${row.approvalMode}`) : '';
  };
  const amount = (row: ExceptionRow) => (row.amount === null ? '' : format.money(row.amount));
  const points = (row: ExceptionRow) =>
    row.points === null ? '' : t('exceptions.pointsOf', { number: format.count(row.points) });
  const catalogue = (row: ExceptionRow) => (row.cataloguePrice === null ? '' : format.money(row.cataloguePrice));
  const kind = (row: ExceptionRow) => (
    // Never cut to "PRICE…": a badge's label is the kind's whole name, as long as it is.
    <Badge
      variant="light"
      color={TONE[row.kind]}
      radius="sm"
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`exceptions.kind.${row.kind}`)}
    </Badge>
  );

  if (layout === 'cards') {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row, i) => (
          <Paper key={i} withBorder radius="md" px="sm" py="xs" component="li" data-testid="exception-row">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                {kind(row)}
                <SaleCode store={store} row={row} />
              </Group>
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {amount(row)}
              </Text>
            </Group>
            {row.detail && (
              <Text size="sm" lineClamp={2}>
                {row.detail}
              </Text>
            )}
            {row.cataloguePrice !== null && (
              <Text size="xs" c="dimmed">
                {t('exceptions.cataloguePriceOf', { price: catalogue(row) })}
              </Text>
            )}
            {row.points !== null && <Text size="sm">{points(row)}</Text>}
            <Text size="xs" c="dimmed">
              {[
                dateTime(row.at),
                who(row.userName),
                row.tillName === null ? '' : t('exceptions.tillLine', { name: row.tillName }),
                approvalLine(row),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    // Wider than a narrow screen: the scrolled region takes the keyboard's focus, so it scrolls
    // without a mouse (rows without a sale link have nothing else to focus).
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('exceptions.rows') }}>
      <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm" miw={1040}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exceptions.time')}</Table.Th>
            <Table.Th>{t('exceptions.kindLabel')}</Table.Th>
            <Table.Th>{t('exceptions.member')}</Table.Th>
            <Table.Th>{t('exceptions.till')}</Table.Th>
            <Table.Th>{t('exceptions.approvedBy')}</Table.Th>
            <Table.Th ta="right">{t('exceptions.amount')}</Table.Th>
            <Table.Th ta="right">{t('exceptions.cataloguePrice')}</Table.Th>
            <Table.Th ta="right">{t('exceptions.points')}</Table.Th>
            <Table.Th>{t('exceptions.sale')}</Table.Th>
            <Table.Th>{t('exceptions.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i} data-testid="exception-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(row.at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{kind(row)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{who(row.userName)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.tillName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {approver(row)}
                {row.approvalMode && (
                  <Text size="xs" c="dimmed">
                    {t(`exceptions.approvalModeLine.${row.approvalMode}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {amount(row)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {catalogue(row)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {points(row)}
              </Table.Td>
              <Table.Td>
                <SaleCode store={store} row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {row.detail}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
