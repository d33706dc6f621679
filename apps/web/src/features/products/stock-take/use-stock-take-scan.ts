import { useCallback, useState, type Dispatch } from 'react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { asProductUnit, isMeasuredUnit, type Product } from '@shopdesk/shared';
import { barcodeRulesQuery } from '../../../lib/barcode-rules-query.ts';
import { needsWeight, readCountScan } from '../../../lib/count-scan.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import type { WeighRequest } from '../../../components/weigh-entry-modal.tsx';
import { productQuery } from '../api/get-product.ts';
import type { TallyAction } from './tally.ts';

/**
 * A stock-take scan: an ordinary code counts one piece; a code one of the store's barcode rules
 * claims (a scale or price label, product.md §5) is read as the counter reads it (lib/count-scan):
 * a wrong check digit is refused with the counter's reason, and the tally takes the label's weight
 * (thousandths) or count. A plain code of a weighed product counts nothing: `weigh` asks for its
 * weight, and `addWeight` counts what was typed.
 */
export function useStockTakeScan(store: string, dispatch: Dispatch<TallyAction>) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // None until they are read: codes are then counted as they are, as the counter does.
  const rules = useQuery(barcodeRulesQuery(store)).data?.rules;
  const [weigh, setWeigh] = useState<WeighRequest | null>(null);

  const scan = useCallback(
    async (code: string) => {
      // A product already read (its tally row) is not asked for again: only its code and unit matter.
      const find = (c: string) => qc.ensureQueryData(productQuery(store, c));
      const read = await readCountScan<Product>(code, rules, find, t);
      if (read.kind === 'refused') {
        notifications.show({
          id: `label-${code}`,
          color: read.color,
          title: t('stockTake.labelRefusedTitle'),
          message: read.message,
        });
        return;
      }
      if (read.kind === 'label') {
        const { product, unit, amount } = read;
        dispatch({ type: 'scan', code: product.code, amount, measured: isMeasuredUnit(unit) });
        return;
      }
      // A plain code: its unit decides. Offline and never read on this device, it counts one as before.
      const known = qc.getQueryData<Product | null>(productQuery(store, code).queryKey);
      const product =
        known !== undefined ? known : onlineManager.isOnline() ? await find(code).catch(() => null) : null;
      if (product && needsWeight(product)) {
        setWeigh({ code: product.code, name: product.name, unit: asProductUnit(product.unit) as WeighRequest['unit'] });
        return;
      }
      dispatch({ type: 'scan', code });
    },
    [rules, dispatch, qc, store, t],
  );

  const addWeight = useCallback(
    (amount: number) => {
      if (weigh) dispatch({ type: 'scan', code: weigh.code, amount, measured: true });
      setWeigh(null);
    },
    [weigh, dispatch],
  );

  return { scan, weigh, addWeight, cancelWeigh: useCallback(() => setWeigh(null), []) };
}
