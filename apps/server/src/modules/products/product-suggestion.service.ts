import { gs1Country, productCodeProblem, type ProductSuggestion } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { listAccessibleStores, type Scope } from '../access/index.ts';
import { findSameCodeInStores } from './products.repo.ts';

/**
 * What is known of a barcode the store does not have (`/product/code/{code}/jn`): whether it is a
 * valid code, the GS1 prefix's country, and the details of the same code in another store of this
 * user. Only the user's own stores are searched, so no one else's catalogue ever leaks; the price is
 * copied only from a store with the same main currency, since it would mean something else otherwise.
 */
export async function suggestProduct(ctx: AppContext, scope: Scope, code: string): Promise<ProductSuggestion> {
  const { store, userId } = scope;
  const valid = productCodeProblem(code) === null;
  const suggestion: ProductSuggestion = { code, valid, gs1Country: valid ? gs1Country(code) : null };
  if (!valid) return suggestion;
  const others = (await listAccessibleStores(ctx.db, userId)).filter((s) => s.id !== store.id).map((s) => s.id);
  const [match] = await findSameCodeInStores(ctx.db, others, code);
  if (!match) return suggestion;
  return {
    ...suggestion,
    name: match.name,
    brand: match.brand,
    category: match.category,
    ...(match.main_currency === store.main_currency ? { price: Number(match.price) } : {}),
    source: match.url_name,
  };
}
