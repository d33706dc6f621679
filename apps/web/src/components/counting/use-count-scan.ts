import { useCallback, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { asProductUnit } from '@shopdesk/shared';
import { barcodeRulesQuery } from '../../lib/barcode-rules-query.ts';
import { readCountScan, type CountedProduct, type CountScan } from '../../lib/count-scan.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { notifications } from '../../lib/notifications.ts';
import type { WeighRequest } from '../weigh-entry-modal.tsx';

/** A weight being asked for, and what to do with it once typed. */
interface Weighing {
  request: WeighRequest;
  then: (amount: number) => void;
}

/**
 * Scan-to-count, shared by the counting screens (cargo, stock-take): `read` reads a scan with the
 * store's barcode rules (lib/count-scan), says a refused label (and answers null), and leaves a
 * plain code or a label's amount to the screen; `askWeight` opens the weight entry (`weigh`, for a
 * `WeighEntryModal`) for a weighed product whose plain code was scanned. `find` looks a product up
 * by code in the screen's own way.
 */
export function useCountScan<P extends CountedProduct>(store: string, find: (code: string) => Promise<P | null>) {
  const { t } = useTranslation();
  // None until they are read: codes are then counted as they are, as the counter does.
  const rules = useQuery(barcodeRulesQuery(store)).data?.rules;
  const [weighing, setWeighing] = useState<Weighing | null>(null);
  const findRef = useRef(find);
  findRef.current = find;

  const read = useCallback(
    async (code: string): Promise<Exclude<CountScan<P>, { kind: 'refused' }> | null> => {
      const scan = await readCountScan<P>(code, rules, (c) => findRef.current(c), t);
      if (scan.kind !== 'refused') return scan;
      notifications.show({
        id: `label-${code}`,
        color: scan.color,
        title: t('stockTake.labelRefusedTitle'),
        message: scan.message,
      });
      return null;
    },
    [rules, t],
  );

  const askWeight = useCallback(
    (product: CountedProduct, then: (amount: number) => void) =>
      setWeighing({
        request: { code: product.code, name: product.name, unit: asProductUnit(product.unit) as WeighRequest['unit'] },
        then,
      }),
    [],
  );

  const addWeight = useCallback(
    (amount: number) => {
      weighing?.then(amount);
      setWeighing(null);
    },
    [weighing],
  );

  return {
    read,
    askWeight,
    weigh: weighing?.request ?? null,
    addWeight,
    cancelWeigh: useCallback(() => setWeighing(null), []),
  };
}
