import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@shopdesk/shared';
import { useCountScan } from '../../../components/counting/use-count-scan.ts';
import { productLookupQuery } from '../api/lookup-product.ts';

/**
 * Scans while counting a cargo, read as the stock-take reads them (components/counting): a scale
 * label adds its weight or count to its product's line, a refused label is said (and `read`
 * answers null), a plain code is left to the screen. `askWeight` opens the weight entry for a
 * weighed product whose plain code was scanned. Products are looked up as the cargo screens do.
 */
export function useCargoScan(store: string) {
  const qc = useQueryClient();
  const find = useCallback((c: string) => qc.fetchQuery(productLookupQuery(store, c)), [qc, store]);
  return useCountScan<Product>(store, find);
}
