import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { CurrencyCode, VirtualStore } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useCurrentShift } from '../../../lib/current-shift.ts';
import { NoShiftNotice, ShiftBadge } from '../components/counter-shift.tsx';

const OpenShiftDialog = lazy(() =>
  import('../components/open-shift-dialog.tsx').then((m) => ({ default: m.OpenShiftDialog })),
);

/**
 * The counter's side of shifts. In a store that works in shifts the counter shows the open shift,
 * or a notice that none is open with a button to open one, and the first Pay without one asks for
 * it (with the float). The cashier may still sell: the server adopts such a sale into the next
 * shift opened (modules/shifts, SHIFTLESS_RULE), so it never falls outside every shift. Offline, or
 * while the state is unknown, nothing is asked.
 */
export function useShiftGate(store: string, virtualStore: VirtualStore | null) {
  const { t } = useTranslation();
  const enabled = Boolean(virtualStore?.shiftsEnabled);
  const current = useCurrentShift(store, enabled);
  const [asking, setAsking] = useState<{ then: (() => void) | null } | null>(null);
  // "Sell without a shift" once is enough until the page is left: the notice stays up meanwhile.
  const [skipped, setSkipped] = useState(false);
  const shift = enabled && current.isSuccess ? current.data.shift : undefined;
  const none = shift === null;

  /** Runs `next` (opening the payment), first asking for a shift when none is open. */
  const beforeSale = useCallback(
    (next: () => void) => {
      if (none && !skipped) setAsking({ then: next });
      else next();
    },
    [none, skipped],
  );

  const currencies = (
    virtualStore
      ? [virtualStore.mainCurrency, ...(virtualStore.secondCurrency ? [virtualStore.secondCurrency] : [])]
      : []
  ) as CurrencyCode[];

  const badge: ReactNode = shift ? (
    <ShiftBadge store={store} shift={shift} timeZone={virtualStore?.timezone ?? 'UTC'} />
  ) : null;
  const notice: ReactNode = none ? <NoShiftNotice onOpen={() => setAsking({ then: null })} /> : null;
  const dialog: ReactNode = asking ? (
    <Suspense fallback={null}>
      <OpenShiftDialog
        store={store}
        currencies={currencies}
        beforeSale={asking.then !== null}
        onOpened={(opened) => {
          setAsking(null);
          notifications.show({ color: 'teal', message: t('counter.shiftOpened', { number: opened.number }) });
          asking.then?.();
        }}
        onSellAnyway={() => {
          setAsking(null);
          setSkipped(true);
          asking.then?.();
        }}
        onClose={() => setAsking(null)}
      />
    </Suspense>
  ) : null;
  return { beforeSale, badge, notice, dialog };
}
