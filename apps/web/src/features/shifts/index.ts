/**
 * The shifts feature's surface (closing the till): the shift screen (open, X report, pay-ins and
 * pay-outs, blind count, past Z reports) and one shift's report, loaded on demand.
 */
export const shiftsPages = {
  shift: () => import('./pages/shift-page.tsx'),
  report: () => import('./pages/z-report-page.tsx'),
};
