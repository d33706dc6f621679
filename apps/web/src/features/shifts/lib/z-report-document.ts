import type { TFunction } from '../../../lib/i18n/types.ts';
import type { ReceiptBlock, ReceiptDocument, ReceiptPaperWidth, ShiftReport } from '@shopdesk/shared';
import { paymentMethodText } from '../../../lib/payment-methods.ts';
import { cashierCounts, money, shiftTime, signedMoney } from './shift-text.ts';

export interface ZReportContext {
  storeName: string;
  locale: string;
  timeZone: string;
  paperWidth: ReceiptPaperWidth;
}

/**
 * A shift's report as a receipt document, for the receipt printer (and its browser fallback): the
 * same figures as the screen, texts final (translated, money and dates formatted).
 */
export function shiftReportDocument(report: ShiftReport, t: TFunction, ctx: ZReportContext): ReceiptDocument {
  const { locale } = ctx;
  const main = report.mainCurrency;
  const closed = report.status === 'CLOSED';
  const blocks: ReceiptBlock[] = [
    { kind: 'text', text: ctx.storeName, align: 'center', bold: true },
    {
      kind: 'text',
      text: t(closed ? 'shifts.zTitle' : 'shifts.xTitle', { number: report.number }),
      align: 'center',
      bold: true,
      size: 'large',
    },
    { kind: 'pair', left: t('shifts.openedAt'), right: shiftTime(report.openedAt, locale, ctx.timeZone) },
    { kind: 'pair', left: t('shifts.openedBy'), right: report.openedBy },
  ];
  if (report.closedAt) {
    blocks.push({ kind: 'pair', left: t('shifts.closedAt'), right: shiftTime(report.closedAt, locale, ctx.timeZone) });
    blocks.push({ kind: 'pair', left: t('shifts.closedBy'), right: report.closedBy ?? '' });
  }
  blocks.push(
    { kind: 'rule' },
    {
      kind: 'pair',
      left: t('shifts.salesCount', { count: report.salesCount }),
      right: money(report.salesTotal, main, locale),
    },
    // Sold before this shift opened (synced late, or made while no shift was open): counted here, marked.
    ...(report.lateSalesCount > 0
      ? [
          {
            kind: 'pair' as const,
            left: t('shifts.lateSales', { count: report.lateSalesCount }),
            right: money(report.lateSalesTotal, main, locale),
          },
        ]
      : []),
    {
      kind: 'pair',
      left: t('shifts.refundsCount', { count: report.refundsCount }),
      right: money(-report.refundsTotal, main, locale),
    },
    { kind: 'pair', left: t('shifts.noSales'), right: String(report.noSaleCount) },
    // Takings by tender are withheld before a blind count (cashHidden): said so, not printed as 0.
    ...report.byMethod.map((m): ReceiptBlock => ({
      kind: 'pair',
      left: paymentMethodText(t, m),
      right: m.amount === null ? t('shifts.afterCount') : money(m.amount, main, locale),
    })),
  );
  // Each cashier apart, as on the screen: a per-cashier cash-up from the printout too.
  if ((report.byCashier?.length ?? 0) > 0) {
    blocks.push({ kind: 'rule' }, { kind: 'text', text: t('shifts.byCashierHeading'), bold: true });
    for (const c of report.byCashier ?? []) {
      blocks.push(
        { kind: 'text', text: c.name || t('shifts.formerMember') },
        {
          kind: 'pair',
          left: `  ${cashierCounts(t, c)}`,
          right: money(c.salesTotal - c.refundsTotal, main, locale),
        },
      );
    }
  }
  for (const c of report.cash) {
    const m = (minor: number) => money(minor, c.currency, locale);
    blocks.push(
      { kind: 'rule' },
      { kind: 'text', text: t('shifts.cashIn', { currency: c.currency }), bold: true },
      { kind: 'pair', left: t('shifts.float'), right: m(c.float) },
      ...(c.cashSales === null ? [] : [{ kind: 'pair' as const, left: t('shifts.cashSales'), right: m(c.cashSales) }]),
      ...(c.cashRefunds === null
        ? []
        : [{ kind: 'pair' as const, left: t('shifts.cashRefunds'), right: m(-c.cashRefunds) }]),
      { kind: 'pair', left: t('shifts.payIns'), right: m(c.payIns) },
      { kind: 'pair', left: t('shifts.payOuts'), right: m(-c.payOuts) },
      {
        kind: 'pair',
        left: t('shifts.expected'),
        right: c.expected === null ? t('shifts.afterCount') : m(c.expected),
        bold: true,
      },
    );
    if (c.counted !== null && c.difference !== null) {
      blocks.push(
        { kind: 'pair', left: t('shifts.counted'), right: m(c.counted) },
        {
          kind: 'pair',
          left: t('shifts.difference'),
          right: signedMoney(c.difference, c.currency, locale),
          bold: true,
        },
      );
      for (const d of c.denominations ?? []) {
        blocks.push({ kind: 'pair', left: `  ${m(d.value)} × ${d.count}`, right: m(d.value * d.count) });
      }
    }
  }
  if (report.moves.length > 0) {
    blocks.push({ kind: 'rule' }, { kind: 'text', text: t('shifts.movesHeading'), bold: true });
    for (const move of report.moves) {
      const amount = money(move.kind === 'PAY_IN' ? move.amount : -move.amount, move.currency, locale);
      blocks.push({ kind: 'pair', left: `${t(`shifts.kind.${move.kind}`)}: ${move.reason}`, right: amount });
    }
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'text', text: t(closed ? 'shifts.lockedNote' : 'shifts.xNote'), align: 'center' },
    { kind: 'feed', lines: 2 },
  );
  return { paperWidth: ctx.paperWidth, blocks };
}
