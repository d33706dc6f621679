/**
 * Where switching to another store leads, given the path under the current store (`stock/list`,
 * `stock/edit/ABC`, ''): the same section there. A path naming one store's object (a product's
 * code, a cargo, a transaction) goes to that section's screen instead, since the other store may
 * not have it; the list keeps its search and filters, other screens drop their query (a prefilled
 * new-product form belongs to the store it was started in).
 */
export function switchStorePath(relative: string, search = ''): string {
  const parts = relative.split('/').filter(Boolean);
  if (parts.length === 0) return '';
  if (parts[0] === 'profile') return parts.join('/');
  if (parts[0] === 'stock') {
    const screen = parts[1] ?? 'list';
    if (screen === 'edit') return 'stock/list';
    if (screen === 'list') return `stock/list${search}`;
    return `stock/${screen}`;
  }
  return parts.slice(0, 2).join('/');
}
