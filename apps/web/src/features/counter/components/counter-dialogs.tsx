import { lazy, Suspense } from 'react';
import { loadDisplayTexts } from '../../../lib/i18n/display-texts.ts';
import type { useCounterPayment } from '../hooks/use-counter-payment.ts';
import { newLineKey, type CounterSale } from '../hooks/use-counter-sale.ts';
import type { LineChanges } from './line-editor.tsx';
import type { PaymentProgress, PointsOffer } from '../payment/index.ts';
import type { CartCustomerState } from '../customers/use-cart-customer.ts';

// Dialogs load when first opened (the payment dialog is fetched once the counter is idle): the
// counter's first load has a budget of 200 KB of JavaScript.
const PaymentDialog = lazy(() => import('../payment/index.ts').then((m) => ({ default: m.PaymentDialog })));
const LineEditor = lazy(() => import('./line-editor.tsx').then((m) => ({ default: m.LineEditor })));
const CartDiscountDialog = lazy(() =>
  import('./cart-discount-dialog.tsx').then((m) => ({ default: m.CartDiscountDialog })),
);
const OpenItemDialog = lazy(() => import('./open-item-dialog.tsx').then((m) => ({ default: m.OpenItemDialog })));
const GiftCardDialog = lazy(() =>
  import('../stored-value/gift-card-dialog.tsx').then((m) => ({ default: m.GiftCardDialog })),
);
const HeldCarts = lazy(() => import('./held-carts.tsx').then((m) => ({ default: m.HeldCarts })));
const CustomerSheet = lazy(() => import('../customers/customer-sheet.tsx').then((m) => ({ default: m.CustomerSheet })));
const NoSaleDialog = lazy(() => import('./no-sale-dialog.tsx').then((m) => ({ default: m.NoSaleDialog })));
const ShortcutsOverlay = lazy(() => import('./shortcuts-overlay.tsx').then((m) => ({ default: m.ShortcutsOverlay })));
// With its own texts (lib/i18n/display-texts.ts): none of it is on the counter's first load.
const DisplayDialog = lazy(() =>
  Promise.all([import('../display/display-dialog.tsx'), loadDisplayTexts()]).then(([m]) => m),
);
const ReceiptActions = lazy(() =>
  import('../../../printing/receipt-actions/receipt-actions.tsx').then((m) => ({ default: m.ReceiptActions })),
);

/** The one dialog open over the counter, if any. */
export type CounterDialog =
  | { kind: 'pay' }
  | { kind: 'line'; key: string; focus: 'quantity' | 'discount' }
  | { kind: 'cartDiscount' }
  | { kind: 'openItem' }
  | { kind: 'giftCard' }
  | { kind: 'held' }
  | { kind: 'help' }
  | { kind: 'noSale' }
  | { kind: 'customer' }
  | { kind: 'display' };

/** Fetches the payment dialog's code ahead of the first Pay. */
export const preloadPaymentDialog = () => void import('../payment/index.ts');

interface Props {
  store: string;
  dialog: CounterDialog | null;
  onClose: () => void;
  sale: CounterSale;
  payment: ReturnType<typeof useCounterPayment>;
  onReopen: (code: string) => void;
  customer: CartCustomerState;
  /** "Use points" in the payment, when the sale's customer has points to use. */
  points: PointsOffer | null;
  /** The customer display's view of the payment (payment-types.ts). */
  onPaymentProgress?: (progress: PaymentProgress) => void;
}

/** The counter's dialogs: paying, editing a line, the cart discount, an open item, held carts, shortcuts, no sale. */
export function CounterDialogs(props: Props) {
  const { store, dialog, onClose, sale, payment, onReopen, customer, points } = props;
  const { cart, pricing, dispatch, setSelected } = sale;
  const editing = dialog?.kind === 'line' ? (cart.lines.find((l) => l.key === dialog.key) ?? null) : null;
  const saveLine = (key: string, changes: LineChanges) => {
    const line = cart.lines.find((l) => l.key === key);
    if (!line) return;
    if (changes.quantity !== line.quantity) dispatch({ type: 'setQuantity', key, quantity: changes.quantity });
    if (changes.unitPrice !== line.unitPrice) dispatch({ type: 'setPrice', key, unitPrice: changes.unitPrice });
    dispatch({ type: 'setLineDiscount', key, discount: changes.discount });
    onClose();
  };

  return (
    <Suspense fallback={null}>
      {dialog?.kind === 'pay' && (
        <PaymentDialog
          opened
          store={store}
          onClose={onClose}
          total={pricing.total}
          context={payment.context}
          rateInfo={payment.rateInfo}
          onPay={payment.pay}
          onProgress={props.onPaymentProgress}
          points={points}
          customerCode={cart.customer && !cart.customer.id.startsWith('local:') ? cart.customer.code : null}
          onNewSale={() => {
            onClose();
            setSelected(null);
          }}
          afterPay={({ code }) => <ReceiptActions code={code} />}
          // The drawer opens after a sale paid with a method that opens it, receipt printed or not.
          onSalePaid={(settlement, methods) =>
            void import('../../../printing/receipts/cash-drawer.ts').then((m) =>
              m.openDrawerAfterSale(settlement.tenders, methods),
            )
          }
        />
      )}
      {dialog?.kind === 'line' && (
        <LineEditor
          line={editing}
          focus={dialog.focus}
          onSave={saveLine}
          onRemove={(key) => {
            dispatch({ type: 'remove', key });
            onClose();
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'cartDiscount' && (
        <CartDiscountDialog
          opened
          current={cart.discount}
          subtotal={pricing.gross - pricing.lineDiscounts}
          onSave={(discount) => {
            dispatch({ type: 'setCartDiscount', discount });
            onClose();
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'openItem' && (
        <OpenItemDialog
          opened
          onAdd={(item) => {
            const key = newLineKey();
            dispatch({ type: 'addOpen', ...item, key });
            setSelected(key);
            onClose();
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'giftCard' && (
        <GiftCardDialog
          currency={payment.context.mainCurrency}
          taken={cart.lines.flatMap((l) => (l.giftCard?.code ? [l.giftCard.code] : []))}
          onAdd={(card) => {
            setSelected(sale.addGiftCard(card));
            onClose();
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'held' && (
        <HeldCarts store={store} opened currentCode={cart.parkedCode} onReopen={onReopen} onClose={onClose} />
      )}
      {dialog?.kind === 'help' && <ShortcutsOverlay opened onClose={onClose} />}
      {dialog?.kind === 'noSale' && <NoSaleDialog store={store} onClose={onClose} />}
      {dialog?.kind === 'display' && <DisplayDialog store={store} onClose={onClose} />}
      {dialog?.kind === 'customer' && (
        <CustomerSheet
          store={store}
          showPoints={customer.loyalty.enabled}
          onAttach={customer.attach}
          onClose={onClose}
        />
      )}
    </Suspense>
  );
}
