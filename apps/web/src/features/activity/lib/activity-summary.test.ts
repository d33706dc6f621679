import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, type AuditEvent } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { i18n } from '../../../lib/i18n/instance.ts';
import type { TFunction } from '../../../lib/i18n/types.ts';
import { summaryText } from './activity-summary.ts';

const t: TFunction = (key, options) => i18n.t(key, options);

const event = (
  action: AuditEvent['action'],
  summary: string,
  entityCode = '',
  entity: AuditEvent['entity'] = 'STORE',
) =>
  ({
    id: 'E1',
    storeId: 'S1',
    at: '2026-12-05T10:00:00.000Z',
    userId: 'U1',
    userName: 'Mona',
    approvedBy: null,
    approvedByName: null,
    action,
    entity,
    entityCode,
    summary,
    amount: null,
  }) satisfies AuditEvent;

/** Each action whose summary is data (codes, numbers), as the server writes it. */
const CASES: Array<[AuditEvent['action'], string, string?, AuditEvent['entity']?]> = [
  ['SALE_SETTINGS', 'INCLUSIVE 1000 0'],
  ['SALE_SETTINGS', 'EXCLUSIVE 810 5'],
  ['MEMBER_INVITE', 'CASHIER', 'ann@example.com', 'MEMBER'],
  ['MEMBER_EDIT', 'MANAGER SELL,REPORTS max 500', 'ann@example.com', 'MEMBER'],
  ['MEMBER_REMOVE', 'MANAGER', 'ann@example.com', 'MEMBER'],
  ['INVITATION_REVOKE', 'CASHIER', 'bob@example.com', 'MEMBER'],
  ['STOCK_ADJUST', 'Green tea -2 DAMAGED', 'T-1', 'PRODUCT'],
  ['STOCK_ADJUST', 'Green tea +3 COUNT', 'T-1', 'PRODUCT'],
  ['CASH_MOVE', 'PAY_IN Change from the bank', '4', 'SHIFT'],
  ['CASH_MOVE', 'PAY_OUT 500 JPY Window cleaner', '4', 'SHIFT'],
  ['SHIFT_CLOSE', '+120', '4', 'SHIFT'],
  ['SHIFT_CLOSE', '-50', '4', 'SHIFT'],
  ['CARGO_ARRIVE', 'Spring delivery NOT_ARRIVED', 'C-1', 'CARGO'],
  ['PAYMENT_METHOD_EDIT', 'CREDIT_CARD', 'CREDIT_CARD', 'PAYMENT_METHOD'],
  ['BARCODE_RULES', '21,20'],
  ['TILL_SETTINGS', '0 15'],
  ['EXCHANGE_RATE', 'USD JPY 150.25'],
  ['EXCHANGE_RATE', 'USD JPY'],
];

const format = (locale: string) => ({ locale, money: (minor: number) => formatMoney(minor, 'USD', locale) });
const texts = (locale: string) => CASES.map(([a, s, c, e]) => summaryText(event(a, s, c, e), t, format(locale)));

/** What a reader must never see: the server's codes, or texts that are keys. */
const RAW =
  /\b(INCLUSIVE|EXCLUSIVE|CASHIER|MANAGER|SELL|REPORTS|DAMAGED|COUNT|PAY_IN|PAY_OUT|NOT_ARRIVED|CREDIT_CARD)\b|max \d|activity\.|undefined|NaN/;

describe('audit summaries as sentences', () => {
  afterAll(() => applyLocale('en-US'));

  it('words every data summary in English, never a raw code', async () => {
    await applyLocale('en-US');
    const english = texts('en-US');
    for (const text of english) expect(text).not.toMatch(RAW);
    expect(english).toEqual([
      'Prices include tax · tax rate 10% · no cash rounding',
      'Tax is added at the counter · tax rate 8.1% · cash rounded to $0.05',
      'ann@example.com: Role: Cashier',
      'ann@example.com: Role: Manager · permissions: Sell, Reports · discounts up to 5%',
      'ann@example.com: Role: Manager',
      'bob@example.com: Role: Cashier',
      'Green tea: -2 (Damaged)',
      'Green tea: +3 (stock take)',
      'Pay-in: Change from the bank',
      'Pay-out of ¥500: Window cleaner',
      'Cash counted over by $1.20',
      'Cash counted short by $0.50',
      'Spring delivery: marked not arrived',
      'Credit card',
      '2 rules, prefixes 21, 20',
      'does not lock after a sale · locks after 15 idle minutes',
      '1 USD = 150.25 JPY, set by hand',
      'Manual USD → JPY rate cleared: the imported rate is used',
    ]);
  });

  it('words every data summary in Japanese too', async () => {
    await applyLocale('ja-JP');
    const japanese = texts('ja-JP');
    for (const text of japanese) expect(text).not.toMatch(RAW);
    expect(japanese[0]).toBe('価格は税込み・税率 10%・現金の端数処理なし');
    expect(japanese[3]).toBe('ann@example.com：役割：マネージャー・権限：販売、レポート・値引き上限 5%');
    expect(japanese[14]).toBe('2 件のルール、プレフィックス 21、20');
    expect(japanese[15]).toBe('会計ごとにはロックしない・無操作 15 分でロック');
  });

  it('shows a summary not in its action form as it is (a name, an older event)', async () => {
    await applyLocale('en-US');
    expect(summaryText(event('MEMBER_EDIT', 'Cass Cashier CASHIER', 'U2', 'MEMBER'), t, format('en-US'))).toBe(
      'Cass Cashier CASHIER',
    );
    expect(summaryText(event('PAYMENT_METHOD_CREATE', 'House card'), t, format('en-US'))).toBe('House card');
    expect(summaryText(event('BARCODE_RULES', ''), t, format('en-US'))).toBe('No barcode rules left');
  });
});
