import { z } from 'zod';
import { PaymentMethodLabelSchema } from './payment-methods.ts';
import { TENDER_METHODS } from './sale-payment.ts';
import { ApprovalSchema, memberIdSchema } from './till.ts';
import { currencySchema, singleLineText } from './validation.ts';

/**
 * Shifts, closing the till: a shift opens with a float, takes pay-ins and pay-outs, is read at any
 * time as an X report, and closes with a blind count into a numbered Z report that never changes
 * again. Money is integer minor units of the currency named beside it.
 */

export const SHIFT_STATUSES = ['OPEN', 'CLOSED'] as const;
export const CASH_MOVE_KINDS = ['PAY_IN', 'PAY_OUT'] as const;
export type CashMoveKind = (typeof CASH_MOVE_KINDS)[number];

/** The largest float, move or count of one denomination a till takes (far above any drawer). */
export const MAX_TILL_AMOUNT = 10_000_000_000;

const tillAmountSchema = z
  .number({ error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units')
  .min(0, 'Must not be negative')
  .max(MAX_TILL_AMOUNT, 'Amount is too large');

export const CurrencyAmountSchema = z.object({ currency: currencySchema, amount: tillAmountSchema });

/** `POST /shop/shift`: the cash in the drawer when the shift opens, per currency (main first). */
/** On a till: the member unlocked there, who opens, closes or moves cash (recorded under their name). */
const tillMember = { userId: memberIdSchema.optional(), approval: ApprovalSchema.optional() };

export const OpenShiftBodySchema = z.object({
  float: z.array(CurrencyAmountSchema).max(2),
  ...tillMember,
});
export type OpenShiftBody = z.infer<typeof OpenShiftBodySchema>;

/** `POST /shop/shift/{id}/cash-move`. The clientId makes a retried move count once. */
export const CashMoveBodySchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }),
  kind: z.enum(CASH_MOVE_KINDS),
  currency: currencySchema,
  amount: tillAmountSchema.min(1, 'Must be more than zero'),
  reason: singleLineText({ label: 'Reason', min: 1, max: 200 }),
  /** approvedBy: the member whose PIN approved it when the till member lacks CASH_MOVES. */
  ...tillMember,
});
export type CashMoveBody = z.infer<typeof CashMoveBodySchema>;

export const DenominationCountSchema = z.object({
  value: z.number().int().min(1).max(MAX_TILL_AMOUNT),
  count: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(0).max(1_000_000),
});

/**
 * `POST /shop/shift/{id}/close`: the blind count, by denomination, of the main currency (and of the
 * second when the store has one), entered before the expected amount is shown.
 */
export const CloseShiftBodySchema = z.object({
  counts: z
    .array(z.object({ currency: currencySchema, denominations: z.array(DenominationCountSchema).max(40) }))
    .min(1)
    .max(2),
  ...tillMember,
});
export type CloseShiftBody = z.infer<typeof CloseShiftBodySchema>;

export const ShiftIdParamsSchema = z.object({ id: singleLineText({ label: 'Shift id', min: 1, max: 64 }) });

export const ZReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * One currency's cash in a shift: expected = float + cash sales (tendered − change) + pay-ins −
 * pay-outs − cash refunds. The count is blind: until the shift's cash is counted, a member without
 * REPORTS gets null for the expected amount and for the cash sales and refunds that make it up
 * (see `ShiftReport.cashHidden`).
 */
export const ShiftCashSchema = z.object({
  currency: currencySchema,
  float: z.number().int(),
  cashSales: z.number().int().nullable(),
  cashRefunds: z.number().int().nullable(),
  payIns: z.number().int(),
  payOuts: z.number().int(),
  expected: z.number().int().nullable(),
  /** Null until the shift is closed. */
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  denominations: z.array(DenominationCountSchema).nullable(),
});
export type ShiftCash = z.infer<typeof ShiftCashSchema>;

export const CashMoveSchema = z.object({
  id: z.string(),
  kind: z.enum(CASH_MOVE_KINDS),
  currency: currencySchema,
  amount: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export type CashMove = z.infer<typeof CashMoveSchema>;

/**
 * A shift with its figures: the X report while it is open (live), the Z report once it is closed
 * (frozen at closing). Sale figures are in the store's main currency.
 */
export const ShiftReportSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(SHIFT_STATUSES),
  mainCurrency: currencySchema,
  openedAt: z.string(),
  openedBy: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  salesCount: z.number().int(),
  salesTotal: z.number().int(),
  /**
   * Of those, the sales made before this shift opened and synced during it (sold offline while an
   * earlier shift was open): counted here, shown as late, since a closed shift's Z report never changes.
   */
  lateSalesCount: z.number().int(),
  lateSalesTotal: z.number().int(),
  refundsCount: z.number().int(),
  refundsTotal: z.number().int(),
  /**
   * What each payment method took for sales, net of what its refunds gave back; amounts null while
   * `cashHidden` (with the sales total, the tenders would give the cash away).
   */
  byMethod: z.array(
    PaymentMethodLabelSchema.extend({ method: z.enum(TENDER_METHODS), amount: z.number().int().nullable() }),
  ),
  /**
   * True when the expected cash, and every figure that reveals it (cash sales and refunds, takings
   * by tender, over or short), is withheld: the caller lacks REPORTS and the cash is not counted
   * yet (a blind count). Once counted, the Z report shows them to whoever may read the shift.
   */
  cashHidden: z.boolean(),
  /**
   * The same sales and refunds per cashier, by who rang them up; frozen with the Z report (empty
   * for shifts closed before it was kept; absent from servers before it).
   */
  byCashier: z
    .array(
      z.object({
        userId: z.string(),
        name: z.string(),
        salesCount: z.number().int(),
        salesTotal: z.number().int(),
        refundsCount: z.number().int(),
        refundsTotal: z.number().int(),
      }),
    )
    .optional(),
  /**
   * Times the cash drawer was opened without a sale ("No sale", NO_SALE in the audit log) during
   * the shift, or while none was open before it; frozen with the Z report (0 for shifts closed before).
   */
  noSaleCount: z.number().int(),
  /**
   * Sales completed while no shift was open, which this shift adopted when it opened (they are in
   * `salesCount` and `salesTotal` too): none falls outside every shift.
   */
  cash: z.array(ShiftCashSchema),
  moves: z.array(CashMoveSchema),
});
export type ShiftReport = z.infer<typeof ShiftReportSchema>;

/**
 * The report as a member without REPORTS reads it (the blind count, issue 41): until the shift's
 * cash is counted, no expected cash nor any figure that gives it away (the cash sales and refunds
 * it is made of, the takings by tender, which with the sales total give the cash sales, over or
 * short). Once counted, the report as it is. The server answers it so (modules/shifts); a till
 * whose unlocked member lacks REPORTS shows it so too, whatever the session that made the till may see.
 */
export function withCashHidden(report: ShiftReport): ShiftReport {
  if (report.cash.every((c) => c.counted !== null)) return report;
  return {
    ...report,
    cashHidden: true,
    byMethod: report.byMethod.map((m) => ({ ...m, amount: null })),
    cash: report.cash.map((c) => ({ ...c, cashSales: null, cashRefunds: null, expected: null, difference: null })),
  };
}

export const CurrentShiftSchema = z.object({ shift: ShiftReportSchema.nullable() });
export type CurrentShift = z.infer<typeof CurrentShiftSchema>;

/** A line of the Z report list. */
export const ZReportSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string(),
  salesTotal: z.number().int(),
  mainCurrency: currencySchema,
  /** Counted − expected of the main currency. */
  difference: z.number().int(),
});
export type ZReportSummary = z.infer<typeof ZReportSummarySchema>;

export const ZReportPageSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  items: z.array(ZReportSummarySchema),
});
export type ZReportPage = z.infer<typeof ZReportPageSchema>;
