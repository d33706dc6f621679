import { useCallback, type Dispatch } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { isMeasuredUnit, type Product } from '@shopdesk/shared';
import { useCountScan } from '../../../components/counting/use-count-scan.ts';
import { needsWeight } from '../../../lib/count-scan.ts';
import { productQuery } from '../api/get-product.ts';
import type { TallyAction } from './tally.ts';

/**
 * A stock-take scan: an ordinary code counts one piece; a code one of the store's barcode rules
 * claims (a scale or price label, product.md §5) is read as the counter reads it (lib/count-scan,
 * through components/counting): a wrong check digit is refused with the counter's reason, and the
 * tally takes the label's weight (thousandths) or count. A plain code of a weighed product counts
 * nothing: `weigh` asks for its weight, and `addWeight` counts what was typed.
 */
export function useStockTakeScan(store: string, dispatch: Dispatch<TallyAction>) {
  const qc = useQueryClient();
  // A product already read (its tally row) is not asked for again: only its code and unit matter.
  const find = useCallback((c: string) => qc.ensureQueryData(productQuery(store, c)), [qc, store]);
  const reader = useCountScan<Product>(store, find);
  const { read, askWeight } = reader;

  const scan = useCallback(
    async (code: string) => {
      const scanned = await read(code);
      if (!scanned) return;
      if (scanned.kind === 'label') {
        const { product, unit, amount } = scanned;
        dispatch({ type: 'scan', code: product.code, amount, measured: isMeasuredUnit(unit) });
        return;
      }
      // A plain code: its unit decides. Offline and never read on this device, it counts one as before.
      const known = qc.getQueryData<Product | null>(productQuery(store, code).queryKey);
      const product =
        known !== undefined ? known : onlineManager.isOnline() ? await find(code).catch(() => null) : null;
      if (product && needsWeight(product)) {
        askWeight(product, (amount) => dispatch({ type: 'scan', code: product.code, amount, measured: true }));
        return;
      }
      dispatch({ type: 'scan', code });
    },
    [read, askWeight, dispatch, qc, store, find],
  );

  return { scan, weigh: reader.weigh, addWeight: reader.addWeight, cancelWeigh: reader.cancelWeigh };
}
