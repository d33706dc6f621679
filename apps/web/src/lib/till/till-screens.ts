/**
 * The screens a till opens (paths under `/{store}/`; product.md §2: a till token reaches till work
 * only): the counter with its PIN pad and held carts, the sales list (the member's own sales and
 * refunds), the shift with its cash moves and reports, and the printers the counter prints on.
 * The route guard and the navigator read this one list.
 */
export const TILL_SCREENS = ['shop/counter', 'shop/list', 'shop/shift', 'profile/printers'] as const;

/** Whether the screen at `relative` (a path under the store) is a till's, or is `only` or below it. */
export function isTillScreen(relative: string, only?: (typeof TILL_SCREENS)[number]): boolean {
  const path = relative.replace(/^\/+|\/+$/g, '').toLowerCase();
  return (only ? [only] : TILL_SCREENS).some((screen) => path === screen || path.startsWith(`${screen}/`));
}
