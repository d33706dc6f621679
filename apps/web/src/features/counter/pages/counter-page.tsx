import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Group } from '@mantine/core';
import { useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconPause } from '../../../components/icons.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { loadLaterTexts } from '../../../lib/i18n.ts';
import { useStoreMoney } from '../../../lib/store-money.ts';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { LimitNotice } from '../../../components/limit-notice.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';
import { useCounterSale } from '../hooks/use-counter-sale.ts';
import { useHeldCart } from '../hooks/use-held-cart.ts';
import { useCounterPayment } from '../hooks/use-counter-payment.ts';
import { useCounterShortcuts, type CounterCommand } from '../hooks/use-counter-shortcuts.ts';
import { useShiftGate } from '../hooks/use-shift-gate.tsx';
import { CounterHeader } from '../components/counter-header.tsx';
import { HeldCartNotices } from '../components/held-cart-notices.tsx';
import { CartPanel } from '../components/cart-panel.tsx';
import { CounterSummary } from '../components/counter-summary.tsx';
import { MoreButton } from '../components/more-button.tsx';
import { CounterDialogs, preloadPaymentDialog, type CounterDialog } from '../components/counter-dialogs.tsx';
import { TillGate } from '../../../components/till/till-gate.tsx';
import { isTillOf, useTill } from '../../../lib/till/till-state.ts';
import { lockTill } from '../../../lib/till/till-lock.ts';
import type { ActionNeeds } from '@shopdesk/shared';
import { approvalToAsk } from '../cart/sale-approval.ts';
import { useCartCustomer } from '../customers/use-cart-customer.ts';
import { usePointsOffer } from '../customers/use-points-offer.ts';
import { useCustomerDisplay } from '../display/use-customer-display.ts';
import type { PaymentProgress } from '../payment/payment-types.ts';
import './counter-page.css';

// Till mode's settings dialog, opened from More: its form (a modal, number, password and switch
// fields) loads when opened, not with the counter (product.md §9: ≤ 200 KB of JavaScript), and
// starts from the store's settings each time.
const TillSetup = lazy(() => import('../../../components/till/till-setup.tsx').then((m) => ({ default: m.TillSetup })));
// Loaded when a sale needs an approval: the counter's first screen carries no modal's code.
const ApprovalDialog = lazy(() =>
  import('../../../components/till/approval-dialog.tsx').then((m) => ({ default: m.ApprovalDialog })),
);

/**
 * /{store}/shop/counter/{transactionCode?}: the point of sale. A wedge scan anywhere on the page
 * adds the item at once from this device's product copy; the cart survives a reload; payment goes
 * through the sale queue, so a sale is never lost or doubled when the network drops. With a
 * transaction code, a held cart is reopened. The sale lives in hooks (use-counter-sale,
 * use-held-cart, use-counter-payment); this page wires them to the screen and the shortcuts.
 */
export default function CounterPage() {
  const { t } = useTranslation();
  const { store = '', transactionCode } = useParams();
  const virtualStore = useSession((s) => s.virtualStore);
  const money = useStoreMoney();
  const sale = useCounterSale(store);
  const checkout = useCheckout(store, money.main);
  const held = useHeldCart(store, transactionCode, sale, checkout);
  const cartCustomer = useCartCustomer(store, sale);
  const payment = useCounterPayment(store, money, sale, checkout, held.leaveHeldCart, cartCustomer.loyalty.pointValue);
  const shiftGate = useShiftGate(store, virtualStore);
  const [dialog, setDialog] = useState<CounterDialog | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { empty, selectedLine, dispatch } = sale;

  useWedgeScanner((code) => void sale.onScan(code), { enabled: dialog === null });
  // The customer display (issue 45): nothing unless one is switched on for this store here.
  const [progress, setProgress] = useState<PaymentProgress | null>(null);
  const paying = dialog?.kind === 'pay';
  const { loyalty } = cartCustomer;
  useCustomerDisplay(store, {
    cart: sale.cart,
    context: payment.context,
    loyalty,
    paying,
    progress: paying ? progress : null,
  });

  // The payment dialog is the next thing a cashier opens: fetch it while the counter is idle. The
  // counter came with its own texts only (COUNTER_TEXTS); the rest of the app's (the menu's other
  // screens) follow once it is idle too.
  useEffect(() => {
    const id = setTimeout(preloadPaymentDialog, 1500);
    const texts = setTimeout(() => void loadLaterTexts().catch(() => undefined), 4000);
    return () => {
      clearTimeout(id);
      clearTimeout(texts);
    };
  }, []);

  // What the member on the till may not do in this sale (one line's or the cart's discount above
  // their maximum, a price changed by hand, an open-price item): a member who may approves it with
  // their PIN before the payment opens, for this payment attempt's clientId, and the sale carries
  // the approval (the server checks the same rule, saleNeeds, on its own pricing of the same lines).
  const [approving, setApproving] = useState<{
    needs: ActionNeeds;
    clientId: string;
    /** Asked from the payment's "Use points" (the dialog stays open): told whether it was given. */
    forPoints?: (given: boolean) => void;
  } | null>(null);
  const { pricing, cart } = sale;
  const points = usePointsOffer(store, sale, cartCustomer, (request) => setApproving(request));
  const { resetApproval } = points;
  const openPayment = useCallback(() => {
    if (empty) return;
    shiftGate.beforeSale(() => {
      const clientId = checkout.beginPayment();
      resetApproval(clientId);
      const needs = approvalToAsk(store, cart, pricing);
      if (needs) return setApproving({ needs, clientId });
      setDialog({ kind: 'pay' });
    });
  }, [empty, checkout, shiftGate, store, pricing, cart, resetApproval]);

  const { park } = held;
  const runCommand = useCallback(
    (command: CounterCommand) => {
      switch (command) {
        case 'help':
          return setDialog({ kind: 'help' });
        case 'search':
          return searchRef.current?.focus();
        case 'pay':
          return openPayment();
        case 'quantity':
        case 'lineDiscount':
          if (selectedLine && !selectedLine.giftCard)
            setDialog({ kind: 'line', key: selectedLine.key, focus: command === 'quantity' ? 'quantity' : 'discount' });
          return;
        case 'cartDiscount':
          return !empty && setDialog({ kind: 'cartDiscount' });
        case 'park':
          return void park();
        case 'held':
          return setDialog({ kind: 'held' });
        case 'openItem':
          return setDialog({ kind: 'openItem' });
        case 'undo':
          return dispatch({ type: 'undoRemove' });
      }
    },
    [openPayment, selectedLine, empty, park, dispatch],
  );
  useCounterShortcuts(dialog === null, runCommand);
  const [tillSetup, setTillSetup] = useState(false);
  // On a till that locks after each sale, it locks when the change screen of a sale is closed.
  const soldRef = useRef(false);
  const closeDialog = () => {
    setDialog(null);
    setProgress(null);
    const till = useTill.getState();
    if (soldRef.current && isTillOf(store) && till.roster?.lockAfterSale) void lockTill();
    soldRef.current = false;
  };
  const pay: typeof payment.pay = async (tenders, pointsRedeemed) => {
    const result = await payment.pay(tenders, pointsRedeemed);
    if (result.ok) soldRef.current = true;
    return result;
  };
  // A member locked out with items in the cart finds them held under their name.
  const holdForLock = async () => {
    if (!empty) await park();
  };

  const moreButton = (
    <MoreButton
      store={store}
      empty={empty}
      held={Boolean(sale.cart.parkedCode)}
      shiftsEnabled={Boolean(virtualStore?.shiftsEnabled)}
      onDialog={(kind) => (kind === 'till' ? setTillSetup(true) : setDialog({ kind }))}
      onClear={() => {
        dispatch({ type: 'clear' });
        held.leaveHeldCart();
      }}
    />
  );
  const actions = (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconPause size={18} />}
        onClick={() => void park()}
        disabled={empty}
        loading={held.parking}
      >
        {t('counter.park')}
      </Button>
      {moreButton}
    </Group>
  );

  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py={{ base: 'sm', sm: 'lg' }} pb={{ base: 120, md: 'lg' }} maw={1280} mx="auto">
      <TillGate store={store} beforeLock={holdForLock} onChangePin={() => setTillSetup(true)} />
      {tillSetup && (
        <Suspense fallback={null}>
          <TillSetup store={store} onClose={() => setTillSetup(false)} />
        </Suspense>
      )}
      <CounterHeader
        store={store}
        shiftBadge={shiftGate.badge}
        parkedCode={sale.cart.parkedCode}
        onQueued={(entry) => void held.openQueued(entry)}
        onHeld={() => setDialog({ kind: 'held' })}
        onHelp={() => setDialog({ kind: 'help' })}
        // On a phone an empty cart hides the summary: its More (till, no sale, customer display) shows here.
        more={empty ? <Box hiddenFrom="md">{moreButton}</Box> : null}
      />
      <HeldCartNotices
        store={store}
        completed={held.completed}
        loadError={held.loadError}
        onNewSale={held.leaveHeldCart}
      />
      <LimitNotice kind="transactions" store={store} compact mb="sm" />
      {shiftGate.notice}

      <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-lg)', alignItems: 'start' }} className="counter-grid">
        <CartPanel
          sale={sale}
          searchRef={searchRef}
          onEditLine={(key) => setDialog({ kind: 'line', key, focus: 'quantity' })}
          customer={cartCustomer}
          onCustomer={() => setDialog({ kind: 'customer' })}
          onGiftCard={() => setDialog({ kind: 'giftCard' })}
        />
        <CounterSummary
          store={store}
          money={money}
          sale={sale}
          payment={payment}
          actions={actions}
          onPay={openPayment}
          onCartDiscount={() => setDialog({ kind: 'cartDiscount' })}
        />
      </Box>

      <CounterDialogs
        store={store}
        dialog={dialog}
        onClose={closeDialog}
        sale={sale}
        payment={{ ...payment, pay }}
        onPaymentProgress={setProgress}
        onReopen={(code) => void held.reopen(code).then((opened) => opened && closeDialog())}
        customer={cartCustomer}
        points={points.offer}
      />
      {shiftGate.dialog}
      {approving && (
        <Suspense fallback={null}>
          <ApprovalDialog
            store={store}
            needs={approving.needs}
            clientId={approving.clientId}
            onClose={() => {
              approving.forPoints?.(false);
              setApproving(null);
            }}
            onApproved={(approval) => {
              setApproving(null);
              checkout.approve(approval);
              if (approving.forPoints) approving.forPoints(true);
              else setDialog({ kind: 'pay' });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
