import { ErrorCode, SOLD_AT_MAX_AGE_DAYS, SOLD_AT_MAX_AHEAD_MS } from '@shopdesk/shared';
import { DAY } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import type { SaleBody } from './sale-pricer.ts';

/** When the server received the sale, and when the device sold it. */
export interface SaleTimes {
  receivedAt: Date;
  soldAt: Date;
}

/**
 * The sale's time on the device (the server's when the sale has none), refused when it cannot be a
 * sale being synced: more than SOLD_AT_MAX_AHEAD_MS ahead of the server's clock (the device's
 * clock is wrong), or older than SOLD_AT_MAX_AGE_DAYS (longer than a device queue keeps a sale).
 */
export function saleTimes(ctx: AppContext, body: SaleBody): SaleTimes {
  const receivedAt = ctx.clock.now();
  if (!body.soldAt) return { receivedAt, soldAt: receivedAt };
  const soldAt = new Date(body.soldAt);
  const refuse = (message: string) =>
    new AppError(400, ErrorCode.SOLD_AT_OUT_OF_RANGE, message, [{ field: 'soldAt', message }]);
  if (soldAt.getTime() - receivedAt.getTime() > SOLD_AT_MAX_AHEAD_MS) {
    throw refuse(
      `This sale's time (${soldAt.toISOString()}) is ahead of the server's clock. Set the device's date and time right, then send it again.`,
    );
  }
  if (receivedAt.getTime() - soldAt.getTime() > SOLD_AT_MAX_AGE_DAYS * DAY) {
    throw refuse(
      `This sale's time (${soldAt.toISOString()}) is more than ${SOLD_AT_MAX_AGE_DAYS} days ago: check the device's date and time, or enter the sale anew.`,
    );
  }
  return { receivedAt, soldAt };
}
