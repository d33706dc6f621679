import { withCashHidden, type ShiftReport } from '@shopdesk/shared';
import { usePermission } from '../../../lib/store-rights.ts';
import { tillMemberMay, useTill } from '../../../lib/till/till-state.ts';

/**
 * A shift's report as the screen may show it: a member without REPORTS counts blind
 * (`withCashHidden`), as the server answers them. On a till the server answers by the member
 * unlocked there too; this also keeps a report read for the member before from the one after.
 */
export function useShownReport<R extends ShiftReport | undefined>(store: string, report: R): R {
  useTill((s) => s.member); // a new member on the till shows the report again, by their rights
  const reports = usePermission('REPORTS');
  if (!report || (reports.allowed && tillMemberMay(store, 'REPORTS'))) return report;
  return withCashHidden(report) as R;
}
