import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ShiftCash, ShiftReport } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import { cashierCounts, money, shiftTime, signedMoney } from '../lib/shift-text.ts';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
      <Table.Td
        ta="right"
        fw={strong ? 700 : undefined}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** Short or over, in colour and in words (colour alone says nothing to some readers). */
export function DifferenceBadge({ cash, locale }: { cash: ShiftCash; locale: string }) {
  const { t } = useTranslation();
  const d = cash.difference ?? 0;
  const label = d === 0 ? t('shifts.even') : d > 0 ? t('shifts.over') : t('shifts.short');
  return (
    <Badge color={d === 0 ? 'teal' : d > 0 ? 'blue' : 'red'} variant="light" size="lg">
      {label} {d !== 0 && signedMoney(d, cash.currency, locale)}
    </Badge>
  );
}

/** One currency's cash: how the expected amount is made up, and once closed what was counted. */
function CashCard({ cash, locale }: { cash: ShiftCash; locale: string }) {
  const { t } = useTranslation();
  const m = (minor: number) => money(minor, cash.currency, locale);
  const closed = cash.counted !== null;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`shift-cash-${cash.currency}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4} fz={16}>
          {t('shifts.cashIn', { currency: cash.currency })}
        </Title>
        {closed && <DifferenceBadge cash={cash} locale={locale} />}
      </Group>
      <Table withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          <Row label={t('shifts.float')} value={m(cash.float)} />
          {cash.cashSales !== null && <Row label={t('shifts.cashSales')} value={m(cash.cashSales)} />}
          {cash.cashRefunds !== null && <Row label={t('shifts.cashRefunds')} value={m(-cash.cashRefunds)} />}
          <Row label={t('shifts.payIns')} value={m(cash.payIns)} />
          <Row label={t('shifts.payOuts')} value={m(-cash.payOuts)} />
          {/* Withheld before the blind count for a member without REPORTS: said so, never "NaN". */}
          <Row
            label={t('shifts.expected')}
            value={cash.expected === null ? t('shifts.afterCount') : m(cash.expected)}
            strong
          />
          {closed && <Row label={t('shifts.counted')} value={m(cash.counted ?? 0)} strong />}
          {closed && (
            <Row
              label={t('shifts.difference')}
              value={signedMoney(cash.difference ?? 0, cash.currency, locale)}
              strong
            />
          )}
        </Table.Tbody>
      </Table>
      {cash.expected === null && (
        <Text fz="xs" c="dimmed" mt="xs">
          {t('shifts.hiddenNote')}
        </Text>
      )}
      {closed && (cash.denominations?.length ?? 0) > 0 && (
        <Text fz="xs" c="dimmed" mt="xs">
          {t('shifts.countedAs')} {(cash.denominations ?? []).map((d) => `${m(d.value)} × ${d.count}`).join(', ')}
        </Text>
      )}
    </Paper>
  );
}

/** The figures of a shift: its sales, each currency's cash, its pay-ins and pay-outs. */
export function ShiftFigures({ report, locale, timeZone }: { report: ShiftReport; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const main = (minor: number) => money(minor, report.mainCurrency, locale);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={4} fz={16} mb="xs">
          {t('shifts.salesHeading')}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} fz="sm">
          <Table.Tbody>
            <Row label={t('shifts.salesCount', { count: report.salesCount })} value={main(report.salesTotal)} strong />
            {report.lateSalesCount > 0 ? (
              <Row
                label={t('shifts.lateSales', { count: report.lateSalesCount })}
                value={main(report.lateSalesTotal)}
              />
            ) : null}
            <Row label={t('shifts.refundsCount', { count: report.refundsCount })} value={main(-report.refundsTotal)} />
            {/* Every drawer opening without a sale, for the cash-up to ask about. */}
            <Row label={t('shifts.noSales')} value={String(report.noSaleCount)} />
            {report.byMethod.map((m) => (
              <Row
                key={m.methodId}
                label={paymentMethodText(t, m)}
                value={m.amount === null ? t('shifts.afterCount') : main(m.amount)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {(report.byCashier?.length ?? 0) > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={4} fz={16} mb="xs">
            {t('shifts.byCashierHeading')}
          </Title>
          <Table withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {report.byCashier?.map((c) => (
                <Row
                  key={c.userId}
                  label={t('shifts.cashierLine', {
                    name: c.name || t('shifts.formerMember'),
                    counts: cashierCounts(t, c),
                  })}
                  value={main(c.salesTotal - c.refundsTotal)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: report.cash.length > 1 ? 2 : 1 }}>
        {report.cash.map((c) => (
          <CashCard key={c.currency} cash={c} locale={locale} />
        ))}
      </SimpleGrid>
      {report.moves.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={4} fz={16} mb="xs">
            {t('shifts.movesHeading')}
          </Title>
          <Table verticalSpacing={6} fz="sm">
            <Table.Tbody>
              {report.moves.map((move) => (
                <Table.Tr key={move.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {t(`shifts.kind.${move.kind}`)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {move.reason} · {shiftTime(move.at, locale, timeZone)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {money(move.kind === 'PAY_IN' ? move.amount : -move.amount, move.currency, locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
