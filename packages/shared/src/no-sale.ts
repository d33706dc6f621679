import { z } from 'zod';
import { ApprovalSchema, memberIdSchema } from './till.ts';
import { singleLineText } from './validation.ts';

/** The longest reason a "No sale" keeps: a few words for the cash-up, not a note. */
export const NO_SALE_REASON_MAX = 80;

/**
 * `POST /shop/no-sale` (product.md §2 and §5): the cash drawer opened at the counter without a
 * sale, recorded in the audit log (action NO_SALE) under the open shift so the X and Z reports
 * count every drawer opening. `clientId` makes a retry answer the first event; the same clientId
 * with another body is 409 CLIENT_ID_REUSED. On a till, `userId` is the member unlocked there and
 * `approvedBy` the member whose PIN approved it when they lack NO_SALE (as refunds).
 */
export const NoSaleBodySchema = z.object({
  clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }),
  reason: singleLineText({ label: 'Reason', min: 0, max: NO_SALE_REASON_MAX }).optional(),
  userId: memberIdSchema.optional(),
  approval: ApprovalSchema.optional(),
});
export type NoSaleBody = z.infer<typeof NoSaleBodySchema>;
