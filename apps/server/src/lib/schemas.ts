import { z } from 'zod';
import { ApiErrorSchema } from '@shopdesk/shared';

/** Documents error answers in OpenAPI; the error handler produces them in this shape. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ApiErrorSchema } {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema])) as { [K in S[number]]: typeof ApiErrorSchema };
}

/** An answer without a body (202, 204). */
export const NoContent = z.void().describe('No content');

/** The bearer-token requirement of `/api/secure` routes, for OpenAPI. */
export const bearerAuth = [{ bearerAuth: [] }];

/** The X-Store header of store-scoped routes (product.md §2), for OpenAPI; other headers pass through. */
export const storeHeaders = z.looseObject({
  'x-store': z.string().max(64).optional().describe("The store's urlName; the default store when absent"),
});
