import type { FastifyRequest } from 'fastify';
import { STORE_HEADER } from '@shopdesk/shared';

const STORE_HEADER_KEY = STORE_HEADER.toLowerCase();

/** The store urlName named by the `X-Store` header (product.md §2), or undefined. */
export function storeHeaderOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[STORE_HEADER_KEY];
  const urlName = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return urlName || undefined;
}
