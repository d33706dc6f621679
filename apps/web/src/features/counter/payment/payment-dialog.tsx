import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import { defaultPaymentMethodList, isMemberCode, type Settlement, type TenderInput } from '@shopdesk/shared';
import { paymentMethodsQuery, paymentMethodText } from '../../../lib/payment-methods.ts';
import { useUpdateHold } from '../../../lib/update-guard.ts';
import { ChangeScreen } from './change-screen.tsx';
import { PaymentForm } from './payment-form.tsx';
import type { PaymentDialogProps, PaymentProgress, SaleCards } from './payment-types.ts';
import { changeFigures } from './payment-math.ts';
import { storedValueName } from './stored-value-tender.ts';

export type { PayResult, PaymentDialogProps, PaymentProgress, PaymentRateInfo } from './payment-types.ts';

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
  const [paid, setPaid] = useState<{
    settlement: Settlement;
    queued: boolean;
    code: string | null;
    cards: SaleCards;
  } | null>(null);
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
  const methodName = (tender: Pick<TenderInput, 'method' | 'methodId' | 'cardCode'>) => {
    if (tender.method === 'STORED_VALUE') return storedValueName(t, tender.cardCode);
    const m = all.find((x) => x.id === tender.methodId);
    return m ? paymentMethodText(t, m) : t(`payment.method.${tender.method}`);
  };

  // The customer display's view of the payment: a card tender by its kind's name, never its code.
  const points = useRef(0);
  const tell = (tenders: readonly TenderInput[], paid: PaymentProgress['paid']) =>
    props.onProgress?.({
      tendered: tenders.map((tender) => ({
        label:
          tender.method === 'STORED_VALUE'
            ? storedValueName(t, tender.cardCode && isMemberCode(tender.cardCode) ? tender.cardCode : undefined)
            : methodName(tender),
        currency: tender.currency,
        amount: tender.amount,
      })),
      pointsRedeemed: points.current,
      paid,
    });

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
          cards={paid.cards}
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
          onTenders={(tenders, pointsRedeemed) => {
            points.current = pointsRedeemed;
            tell(tenders, null);
          }}
          onPaid={(settlement, queued, code, cards) => {
            setPaid({ settlement, queued, code, cards: cards ?? {} });
            const change = changeFigures(settlement, props.context);
            tell(settlement.tenders, { change: change.amount > 0 ? change : null, code });
            props.onSalePaid?.(settlement, all);
          }}
        />
      )}
    </Modal>
  );
}
