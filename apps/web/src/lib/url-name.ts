/**
 * Suggests a store URL name from a store name: lowercase ASCII letters and digits joined by single
 * hyphens, at most 32 characters. Names without Latin letters give '' and the user types one.
 */
export function suggestUrlName(storeName: string): string {
  return storeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/g, '');
}
