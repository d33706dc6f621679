import { hasPermission, type ShiftReport, type StoreRights } from '@shopdesk/shared';

/**
 * The blind count (issue 41): a cashier counts the drawer without knowing what it should hold, or
 * the count only confirms the figure they were shown. So until a shift's cash is counted, a member
 * without REPORTS is answered no expected cash, nor any figure that gives it away: the cash sales
 * and refunds it is made of, the takings by tender (with the sales total they give the cash
 * sales), and over or short. After the count the Z report shows them; with REPORTS, always.
 */
export function asSeenBy(rights: StoreRights, report: ShiftReport): ShiftReport {
  const counted = report.cash.every((c) => c.counted !== null);
  if (counted || hasPermission(rights, 'REPORTS')) return report;
  return {
    ...report,
    cashHidden: true,
    byMethod: report.byMethod.map((m) => ({ ...m, amount: null })),
    cash: report.cash.map((c) => ({ ...c, cashSales: null, cashRefunds: null, expected: null, difference: null })),
  };
}
