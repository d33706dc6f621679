import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Group } from '@mantine/core';
import { useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconPause } from '../../../components/icons.tsx';
import { useSession } from '../../../lib/session-store.ts';
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
import './counter-page.css';

/**
 * /{store}/shop/counter/{transactionCode?}: the point of sale (issue 9). A wedge scan anywhere on
 * the page adds the item at once from this device's product copy; the cart survives a reload;
 * payment goes through the sale queue, so a sale is never lost or doubled when the network drops.
 * With a transaction code, a held cart is reopened. The sale lives in hooks (use-counter-sale,
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
  const payment = useCounterPayment(store, money, sale, checkout, held.leaveHeldCart);
  const shiftGate = useShiftGate(store, virtualStore);
  const [dialog, setDialog] = useState<CounterDialog | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { empty, selectedLine, dispatch } = sale;

  useWedgeScanner((code) => void sale.onScan(code), { enabled: dialog === null });

  // The payment dialog is the next thing a cashier opens: fetch it while the counter is idle.
  useEffect(() => {
    const id = setTimeout(preloadPaymentDialog, 1500);
    return () => clearTimeout(id);
  }, []);

  const openPayment = useCallback(() => {
    if (empty) return;
    shiftGate.beforeSale(() => {
      checkout.beginPayment();
      setDialog({ kind: 'pay' });
    });
  }, [empty, checkout, shiftGate]);

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
          if (selectedLine)
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
  const closeDialog = () => setDialog(null);

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
      <MoreButton
        store={store}
        empty={empty}
        held={Boolean(sale.cart.parkedCode)}
        shiftsEnabled={Boolean(virtualStore?.shiftsEnabled)}
        onDialog={(kind) => setDialog({ kind })}
        onClear={() => {
          dispatch({ type: 'clear' });
          held.leaveHeldCart();
        }}
      />
    </Group>
  );

  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py={{ base: 'sm', sm: 'lg' }} pb={{ base: 120, md: 'lg' }} maw={1280} mx="auto">
      <CounterHeader
        store={store}
        shiftBadge={shiftGate.badge}
        parkedCode={sale.cart.parkedCode}
        onQueued={(entry) => void held.openQueued(entry)}
        onHeld={() => setDialog({ kind: 'held' })}
        onHelp={() => setDialog({ kind: 'help' })}
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
        payment={payment}
        onReopen={(code) => void held.reopen(code).then((opened) => opened && closeDialog())}
      />
      {shiftGate.dialog}
    </Box>
  );
}
