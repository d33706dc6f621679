import { describe, expect, it } from 'vitest';
import type { Refund, Tender } from '@shopdesk/shared';
import { backToCards, paidByCards } from './refund-cards.ts';

const tender = (method: Tender['method'], applied: number, cardCode?: string): Tender => ({
  method,
  currency: 'USD',
  amount: applied,
  applied,
  change: 0,
  changeInMain: 0,
  changeCurrency: 'USD',
  ...(cardCode ? { cardCode } : {}),
});

const refund = (tenders: Tender[]): Refund => ({
  id: 'r',
  createdAt: '2026-12-05T00:00:00.000Z',
  restock: true,
  amount: tenders.reduce((s, t) => s + t.applied, 0),
  tax: 0,
  lines: [],
  tenders,
  note: '',
});

describe('what a refund gives back to gift cards', () => {
  const sale = { payments: [tender('STORED_VALUE', 600, 'CARD0001'), tender('CASH', 400)], refunds: [] };

  it('takes the card part first, capped at the refund', () => {
    expect(backToCards(sale, 1000)).toBe(600);
    expect(backToCards(sale, 250)).toBe(250);
    expect(paidByCards(sale)).toBe(true);
  });

  it('leaves out what earlier refunds gave back to the card', () => {
    const later = { ...sale, refunds: [refund([tender('STORED_VALUE', 500, 'CARD0001')])] };
    expect(backToCards(later, 500)).toBe(100);
  });

  it('is nothing for a sale paid without cards', () => {
    const cash = { payments: [tender('CASH', 1000)], refunds: [] };
    expect(backToCards(cash, 1000)).toBe(0);
    expect(paidByCards(cash)).toBe(false);
  });
});
