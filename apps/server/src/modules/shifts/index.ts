/**
 * Shifts: closing the till. Shop calls `openShiftIdFor` inside the transaction that stores a
 * completed sale or a refund, so each belongs to the shift open at that moment.
 */
export { shiftsRoutes } from './shifts.routes.ts';
export { currentShiftId, openShiftFor, openShiftIdFor } from './shifts.service.ts';
