import { Paper, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  EXCEPTION_KINDS,
  type ExceptionKind,
  type ExceptionMember,
  type ExceptionsReport,
  type ExceptionTotal,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { ReportFormat } from './use-report-format.ts';

/** Kinds whose amounts add up to money worth a total; an override's prices and a no-sale's none do not. */
export const KIND_HAS_AMOUNT: Record<ExceptionKind, boolean> = {
  OVERRIDE: false,
  DISCOUNT: true,
  APPROVAL: true,
  REFUND: true,
  VOID: true,
  NO_SALE: false,
  CASH_MOVE: true,
  POINTS_REDEEM: true,
  POINTS_ADJUST: false,
  POINTS_OVERDRAWN: true,
  CARD_ADJUST: true,
  CARD_BLOCK: false,
  CARD_UNBLOCK: false,
};

/** The period's count (and money, where it adds up) of each kind, every kind shown. */
export function ExceptionKindTotals({ totals, format }: { totals: ExceptionTotal[]; format: ReportFormat }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, md: 5 }} spacing="xs">
      {totals.map((total) => (
        <Paper key={total.kind} withBorder radius="md" p="xs" data-testid={`exception-total-${total.kind}`}>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t(`exceptions.kind.${total.kind}`)}
          </Text>
          <Text fw={700} fz="lg">
            {format.count(total.count)}
          </Text>
          {KIND_HAS_AMOUNT[total.kind] && total.count > 0 && <Text size="sm">{format.money(total.amount)}</Text>}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface MemberProps {
  members: ExceptionMember[];
  format: ReportFormat;
  /** One card per member on a phone; a table with a column per kind elsewhere. */
  layout: 'table' | 'cards';
}

const countOf = (m: ExceptionMember, kind: ExceptionKind) => m.kinds.find((k) => k.kind === kind)?.count ?? 0;

/** Each member's exceptions per kind and the approvals they gave others. */
export function ExceptionMemberTotals({ members, format, layout }: MemberProps) {
  const { t } = useTranslation();
  const name = (m: ExceptionMember) => m.name || t('exceptions.deletedUser');
  if (layout === 'cards') {
    return (
      <Stack gap="xs">
        {members.map((m) => (
          <Paper key={m.userId} withBorder radius="md" p="sm" data-testid="exception-member">
            <Text fw={600} truncate>
              {name(m)}
            </Text>
            <Text size="sm" c="dimmed">
              {[
                ...m.kinds.map((k) => `${t(`exceptions.kind.${k.kind}`)} ${format.count(k.count)}`),
                ...(m.approvalsGiven > 0
                  ? [t('exceptions.approvalsGivenLine', { number: format.count(m.approvalsGiven) })]
                  : []),
              ].join(' · ')}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    // Wider than a narrow screen: the scrolled region takes the keyboard's focus, so it scrolls
    // without a mouse (rows without a sale link have nothing else to focus).
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('exceptions.byMember') }}>
      <Table striped verticalSpacing={6} horizontalSpacing="xs" fz="sm" miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exceptions.member')}</Table.Th>
            {EXCEPTION_KINDS.map((kind) => (
              <Table.Th key={kind} ta="right">
                {t(`exceptions.kind.${kind}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('exceptions.approvalsGiven')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.userId} data-testid="exception-member">
              <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                {name(m)}
              </Table.Td>
              {EXCEPTION_KINDS.map((kind) => (
                <Table.Td key={kind} ta="right">
                  {format.count(countOf(m, kind))}
                </Table.Td>
              ))}
              <Table.Td ta="right">{format.count(m.approvalsGiven)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

interface TillProps {
  tills: ExceptionsReport['tills'];
  /** Rows made from a person's own session, on no till; left out when 0. */
  notOnTill: number;
  format: ReportFormat;
}

/** How many of the period's exceptions each till made (revoked ones keep their name), most first. */
export function ExceptionTillTotals({ tills, notOnTill, format }: TillProps) {
  const { t } = useTranslation();
  const cards = [
    ...tills.map((till) => ({ key: till.tillId, name: till.name, count: till.count, testId: 'exception-till' })),
    ...(notOnTill > 0
      ? [{ key: '', name: t('exceptions.notOnTill'), count: notOnTill, testId: 'exception-not-on-till' }]
      : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
      {cards.map((card) => (
        <Paper key={card.key} withBorder radius="md" p="xs" data-testid={card.testId}>
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {card.name}
          </Text>
          <Text fw={700} fz="lg">
            {format.count(card.count)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
