import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import {
  defaultPaymentMethodList,
  type PaymentContext,
  type Settlement,
  type PaymentMethod,
  type TenderInput,
} from '@shopdesk/shared';
import { paymentMethodsQuery, paymentMethodText } from '../../../lib/payment-methods.ts';
import { useUpdateHold } from '../../../lib/update-guard.ts';
import { ChangeScreen } from './change-screen.tsx';
import { PaymentForm } from './payment-form.tsx';
import type { PointsOffer } from './use-payment-entry.ts';

export interface PaymentRateInfo {
  /** Main → second, as decimal text (units of second per unit of main). */
  rate: string;
  date: string;
  source: string;
  /** Older than RATE_STALE_DAYS: the counter should ask for a manual rate. */
  stale: boolean;
}

/** `code`: the sale's transaction code once the server has stored it (null while it waits to sync). */
export type PayResult = { ok: true; queued: boolean; code?: string | null } | { ok: false; message: string };

export interface PaymentDialogProps {
  opened: boolean;
  /** The store's urlName: its payment methods (kept for offline use with the rest of the store's data). */
  store: string;
  /** Cancel: nothing was paid, the cart stays as it is. */
  onClose(): void;
  /** Main minor units, from priceCart(...).total. */
  total: number;
  context: PaymentContext;
  /** Shown beside second-currency amounts; null when the store has no second currency or no rate. */
  rateInfo: PaymentRateInfo | null;
  /** Stores the sale with these tenders and the points it uses (online, or queued offline). */
  onPay(tenders: TenderInput[], pointsRedeemed?: number): Promise<PayResult>;
  /** "Use points": when loyalty is on and the sale's customer has points. */
  points?: PointsOffer | null;
  /** The change screen was dismissed: start the next sale. */
  onNewSale(): void;
  /** Shown on the change screen above "New sale": the receipt's print and share actions. */
  afterPay?: (paid: { code: string | null; queued: boolean }) => ReactNode;
  /**
   * Once, when the sale is paid (stored or queued): what follows a payment, such as the cash drawer,
   * with the store's methods the tenders were paid with.
   */
  onSalePaid?: (settlement: Settlement, methods: readonly PaymentMethod[]) => void;
}

/**
 * Taking payment: method and currency, a typed amount or a quick tender, split tender, then the
 * change in big type. Every figure comes from the shared settlement arithmetic, so the change on
 * screen is the change the server stores. Full screen on a phone, a modal on a desk.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  // Mid-payment, and on the change screen after it, the app never reloads into a new version.
  useUpdateHold('payment', props.opened);
  const [paid, setPaid] = useState<{ settlement: Settlement; queued: boolean; code: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // Each opening starts from an empty payment.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.opened);
  if (props.opened !== wasOpen) {
    setWasOpen(props.opened);
    if (props.opened) {
      setSession((s) => s + 1);
      setPaid(null);
      setBusy(false);
    }
  }

  // The store's methods, enabled ones offered in its order; its currency's defaults until loaded
  // (a device that never loaded them, offline).
  const methodsQuery = useQuery(paymentMethodsQuery(props.store));
  const all = methodsQuery.data ?? defaultPaymentMethodList(props.context.mainCurrency);
  const methodName = (tender: Pick<TenderInput, 'method' | 'methodId'>) => {
    const m = all.find((x) => x.id === tender.methodId);
    return m ? paymentMethodText(t, m) : t(`payment.method.${tender.method}`);
  };

  const close = () => {
    if (busy) return;
    // Once paid, the sale is done: closing the change screen is the same as "New sale".
    if (paid) props.onNewSale();
    else props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      fullScreen={phone}
      size="lg"
      radius={phone ? 0 : 'lg'}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('payment.cancel') }}
      title={paid ? t('payment.paidTitle') : t('payment.title')}
      styles={{ title: { fontWeight: 800, fontSize: 22 } }}
    >
      {paid ? (
        <ChangeScreen
          settlement={paid.settlement}
          methodName={methodName}
          queued={paid.queued}
          context={props.context}
          phone={phone}
          onNewSale={props.onNewSale}
          extra={props.afterPay?.({ code: paid.code, queued: paid.queued })}
        />
      ) : (
        <PaymentForm
          key={session}
          {...props}
          methods={all.filter((m) => m.enabled)}
          methodName={methodName}
          phone={phone}
          busy={busy}
          setBusy={setBusy}
          onPaid={(settlement, queued, code) => {
            setPaid({ settlement, queued, code });
            props.onSalePaid?.(settlement, all);
          }}
        />
      )}
    </Modal>
  );
}
