import { hasPermission, withCashHidden, type ShiftReport, type StoreRights } from '@shopdesk/shared';

/**
 * The blind count (issue 41): a cashier counts the drawer without knowing what it should hold, or
 * the count only confirms the figure they were shown. So a member without REPORTS gets a shift's
 * report with its expected cash withheld until the cash is counted (`withCashHidden`, the one rule
 * the web's till screens apply too); with REPORTS, always the whole report.
 */
export function asSeenBy(rights: StoreRights, report: ShiftReport): ShiftReport {
  return hasPermission(rights, 'REPORTS') ? report : withCashHidden(report);
}
