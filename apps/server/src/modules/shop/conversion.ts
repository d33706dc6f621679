import { ErrorCode } from '@shopdesk/shared';
import { AppError } from '../../core/errors.ts';

/**
 * Runs currency conversions on a client's amounts. An amount too large to hold once converted
 * (exchange.ts throws a RangeError past 2^53 minor units; a store's rate from before manual rates
 * were bounded can get there) is the client's 400 naming `field`, never a 500.
 */
export function convertOrRefuse<T>(convert: () => T, field: string): T {
  try {
    return convert();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const message =
      'This amount is too large once converted at the store’s exchange rate. Check the rate and the amount.';
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
  }
}
