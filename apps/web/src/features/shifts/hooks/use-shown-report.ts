import { withCashHidden, type ShiftReport } from '@shopdesk/shared';
import { usePermission } from '../../../lib/store-rights.ts';
import { tillMemberMay, useTill } from '../../../lib/till/till-state.ts';

/**
 * A shift's report as the screen may show it: on a till, the session is a manager's, so the server
 * answers every figure; the member unlocked there without REPORTS still counts blind, as the server
 * makes a member's own session do (`withCashHidden`).
 */
export function useShownReport<R extends ShiftReport | undefined>(store: string, report: R): R {
  useTill((s) => s.member); // a new member on the till shows the report again, by their rights
  const reports = usePermission('REPORTS');
  if (!report || (reports.allowed && tillMemberMay(store, 'REPORTS'))) return report;
  return withCashHidden(report) as R;
}
