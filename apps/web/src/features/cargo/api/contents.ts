import type { CargoContent, CargoContentBody, CargoDifferenceResult, UpdateCargoContentBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { contentPath } from './keys.ts';

/** Adds a line to a cargo (a code with the same code already there is added to that line). */
export function addContent(store: string, code: string, body: CargoContentBody) {
  return secureApi.request<CargoContent>(contentPath(code), { method: 'POST', body, store });
}

export function updateContent(store: string, code: string, contentId: string, body: UpdateCargoContentBody) {
  return secureApi.request<CargoContent>(contentPath(code, contentId), { method: 'PUT', body, store });
}

export function deleteContent(store: string, code: string, contentId: string) {
  return secureApi.request(contentPath(code, contentId), { method: 'DELETE', store });
}

/**
 * The atomic quantity change: the server adds `difference` to whatever the quantity is by then
 * (the received count on a cargo handed over from another store). `clientId` makes a resend
 * apply once.
 */
export function sendDifference(
  store: string,
  code: string,
  contentId: string,
  change: { updatedQuantity: number; difference: number; clientId: string },
  opts: { signal?: AbortSignal; handleUnauthorized?: boolean } = {},
) {
  const path = `${contentPath(code, contentId)}/quantity/${Math.max(0, change.updatedQuantity)}/difference/${change.difference}?clientId=${encodeURIComponent(change.clientId)}`;
  return secureApi.request<CargoDifferenceResult>(path, {
    method: 'PUT',
    store,
    signal: opts.signal,
    handleUnauthorized: opts.handleUnauthorized,
  });
}
