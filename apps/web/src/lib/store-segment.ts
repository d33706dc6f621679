/**
 * Top-level paths that are screens of their own, never a store URL name. Kept in step with the
 * public routes in app/router.tsx (and with RESERVED_URL_NAMES of the shared package).
 */
const NON_STORE_SEGMENTS = new Set(['auth', 'signup', 'forgot-password', 'legal', 'receipt', 'confirm', 'ads.txt']);

/** The `{store}` segment of a path, or null when the path is not a store screen. */
export function storeSegment(pathname: string): string | null {
  const first = pathname.split('/')[1];
  if (!first) return null;
  const decoded = decodeURIComponent(first);
  return NON_STORE_SEGMENTS.has(decoded.toLowerCase()) ? null : decoded;
}
