import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { asProductUnit, type Product } from '@shopdesk/shared';
import { barcodeRulesQuery } from '../../../lib/barcode-rules-query.ts';
import { readCountScan, type CountScan } from '../../../lib/count-scan.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import type { WeighRequest } from '../../../components/weigh-entry-modal.tsx';
import { productLookupQuery } from '../api/lookup-product.ts';

/** A weight being asked for, and what to do with it once typed. */
interface Weighing {
  request: WeighRequest;
  then: (amount: number) => void;
}

/**
 * Scans while counting a cargo, read with the store's barcode rules as the stock-take reads them
 * (lib/count-scan): a scale label adds its weight or count to its product's line, a refused label
 * is said (and `read` answers null), a plain code is left to the screen. `askWeight` opens the
 * weight entry for a weighed product whose plain code was scanned.
 */
export function useCargoScan(store: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rules = useQuery(barcodeRulesQuery(store)).data?.rules;
  const [weighing, setWeighing] = useState<Weighing | null>(null);

  const read = useCallback(
    async (code: string): Promise<Exclude<CountScan<Product>, { kind: 'refused' }> | null> => {
      const find = (c: string) => qc.fetchQuery(productLookupQuery(store, c));
      const scan = await readCountScan<Product>(code, rules, find, t);
      if (scan.kind !== 'refused') return scan;
      notifications.show({
        id: `label-${code}`,
        color: scan.color,
        title: t('stockTake.labelRefusedTitle'),
        message: scan.message,
      });
      return null;
    },
    [qc, rules, store, t],
  );

  const askWeight = useCallback(
    (product: { code: string; name: string; unit?: string | null }, then: (amount: number) => void) =>
      setWeighing({
        request: { code: product.code, name: product.name, unit: asProductUnit(product.unit) as WeighRequest['unit'] },
        then,
      }),
    [],
  );

  return {
    read,
    askWeight,
    weigh: weighing?.request ?? null,
    addWeight: (amount: number) => {
      weighing?.then(amount);
      setWeighing(null);
    },
    cancelWeigh: () => setWeighing(null),
  };
}
