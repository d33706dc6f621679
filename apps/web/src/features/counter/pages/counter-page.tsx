import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { parseRate, type CurrencyCode, type TaxMode, type TenderInput } from '@shopdesk/shared';
import { IconCart, IconPause } from '../../../components/icons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { trimRate } from '../../../lib/rate-text.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { discardSale } from '../../../sync/use-sale-queue.ts';
import type { QueuedSale } from '../../../sync/sale-queue-db.ts';
import { paths } from '../../../app/paths.ts';
import { LimitNotice } from '../../../components/limit-notice.tsx';
import { useUpdateHold } from '../../../lib/update-guard.ts';
import { itemCount, lineToGrow, priceCart } from '../cart/cart.ts';
import { cartFromQueued, reopensHeldCart } from '../cart/cart-from-queue.ts';
import { useCounterCatalog, type CounterProduct } from '../catalog/use-counter-catalog.ts';
import { useSale } from '../api/parked-sales.ts';
import { useCounterRate } from '../api/store-rate.ts';
import { usePersistentCart } from '../hooks/use-persistent-cart.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import { useCounterShortcuts, type CounterCommand } from '../hooks/use-counter-shortcuts.ts';
import { CartLines } from '../components/cart-lines.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { ProductSearch } from '../components/product-search.tsx';
import { MoreButton } from '../components/more-button.tsx';
import { CounterHeader } from '../components/counter-header.tsx';
import { useShiftGate } from '../hooks/use-shift-gate.tsx';
import type { LineChanges } from '../components/line-editor.tsx';
import './counter-page.css';

// Dialogs load when first opened (the payment dialog is fetched once the counter is idle): the
// counter's first load has a budget of 200 KB of JavaScript.
const PaymentDialog = lazy(() => import('../payment/index.ts').then((m) => ({ default: m.PaymentDialog })));
const LineEditor = lazy(() => import('../components/line-editor.tsx').then((m) => ({ default: m.LineEditor })));
const CartDiscountDialog = lazy(() =>
  import('../components/cart-discount-dialog.tsx').then((m) => ({ default: m.CartDiscountDialog })),
);
const OpenItemDialog = lazy(() =>
  import('../components/open-item-dialog.tsx').then((m) => ({ default: m.OpenItemDialog })),
);
const HeldCarts = lazy(() => import('../components/held-carts.tsx').then((m) => ({ default: m.HeldCarts })));
const ShortcutsOverlay = lazy(() =>
  import('../components/shortcuts-overlay.tsx').then((m) => ({ default: m.ShortcutsOverlay })),
);
const ReceiptActions = lazy(() =>
  import('../../../printing/receipt-actions/receipt-actions.tsx').then((m) => ({ default: m.ReceiptActions })),
);
const CameraScanner = lazy(() =>
  import('../../../scanning/camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

type Dialog =
  | { kind: 'pay' }
  | { kind: 'line'; key: string; focus: 'quantity' | 'discount' }
  | { kind: 'cartDiscount' }
  | { kind: 'openItem' }
  | { kind: 'held' }
  | { kind: 'help' };

const newKey = () => crypto.randomUUID();

/**
 * /{store}/shop/counter/{transactionCode?}: the point of sale (issue 9). A wedge scan anywhere on
 * the page adds the item at once from this device's product copy; the cart survives a reload;
 * payment goes through the sale queue, so a sale is never lost or doubled when the network drops.
 * With a transaction code, a held cart is reopened.
 */
export default function CounterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { store = '', transactionCode } = useParams();
  const virtualStore = useSession((s) => s.virtualStore);
  const sessionRate = useSession((s) => s.exchangeRate?.rate ?? null);
  const money = useStoreMoney();
  const taxMode: TaxMode = virtualStore?.taxMode ?? 'NONE';
  const defaultTaxRate = virtualStore?.defaultTaxRate ?? 0;
  const { cart, dispatch, replace, ready } = usePersistentCart(store);
  const { find, search, noteSold, status: copyStatus } = useCounterCatalog(store);
  const checkout = useCheckout(store, money.main);
  const rateQuery = useCounterRate(store, Boolean(money.second));
  const shiftGate = useShiftGate(store, virtualStore);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [stock, setStock] = useState<ReadonlyMap<string, number>>(new Map());
  const [parking, setParking] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const pendingScans = useRef<string[]>([]);

  const pricing = useMemo(() => priceCart(cart, taxMode, defaultTaxRate), [cart, taxMode, defaultTaxRate]);
  const items = itemCount(cart);
  const empty = cart.lines.length === 0;
  // A new version of the app waits while a sale is on the counter (the shell applies it after).
  useUpdateHold('counter-cart', !empty);

  // The rate second-currency amounts use: the store's effective rate, else the session's copy.
  const rate = rateQuery.data?.effective ?? null;
  const rateText = rate?.rate ?? sessionRate;
  const paymentContext = useMemo(
    () => ({
      mainCurrency: money.main,
      secondCurrency: money.second,
      rate: rateText ? parseRate(rateText) : null,
      cashRounding: virtualStore?.cashRounding ?? 0,
    }),
    [money.main, money.second, rateText, virtualStore?.cashRounding],
  );

  const addProduct = useCallback(
    (product: CounterProduct) => {
      const key = newKey();
      dispatch({
        type: 'add',
        code: product.code,
        name: product.name,
        unitPrice: product.price,
        taxRate: product.taxRate,
        key,
      });
      setStock((s) => new Map(s).set(product.code, product.quantity));
      // The line that grew is the one shortcuts act on; a new line has this key, an old one keeps its own.
      setSelected(cart.lines[lineToGrow(cart, product.code)]?.key ?? key);
      navigator.vibrate?.(30);
    },
    [dispatch, cart],
  );

  const onScan = useCallback(
    async (code: string) => {
      if (!ready) {
        pendingScans.current.push(code);
        return;
      }
      const found = await find(code);
      if (found.product) {
        addProduct(found.product);
        return;
      }
      notifications.show({
        id: `unknown-${code}`,
        color: 'orange',
        title: found.reason === 'offline' ? t('counter.notInCopyTitle') : t('counter.unknownTitle'),
        message: found.reason === 'offline' ? t('counter.notInCopyText', { code }) : t('counter.unknownText', { code }),
      });
    },
    [ready, find, addProduct, t],
  );

  // Scans that arrived while the saved cart was being read are added once it is.
  useEffect(() => {
    if (!ready || pendingScans.current.length === 0) return;
    const waiting = pendingScans.current.splice(0);
    void waiting.reduce((previous, code) => previous.then(() => onScan(code)), Promise.resolve());
  }, [ready, onScan]);

  useWedgeScanner(
    (code) => {
      void onScan(code);
    },
    { enabled: dialog === null },
  );

  // A held cart reopened by its address: load it, unless this device already holds it (with edits).
  // Loaded once per address: after the cart is paid or closed, the cached copy must not come back.
  const parked = useSale(store, transactionCode);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!transactionCode) loadedFor.current = null;
    if (!ready || !transactionCode || !parked.data || loadedFor.current === transactionCode) return;
    loadedFor.current = transactionCode;
    if (parked.data.status !== 'PARKED' || cart.parkedCode === transactionCode) return;
    dispatch({ type: 'load', sale: parked.data, keys: parked.data.lines.map(() => newKey()) });
  }, [ready, transactionCode, parked.data, cart.parkedCode, dispatch]);
  // A reopened cart keeps its address, so a reload lands on it again.
  useEffect(() => {
    if (ready && cart.parkedCode && !transactionCode)
      navigate(paths.shopCounter(store, cart.parkedCode), { replace: true });
  }, [ready, cart.parkedCode, transactionCode, navigate, store]);

  // The payment dialog is the next thing a cashier opens: fetch it while the counter is idle.
  useEffect(() => {
    const id = setTimeout(() => void import('../payment/index.ts'), 1500);
    return () => clearTimeout(id);
  }, []);

  const leaveHeldCart = useCallback(() => {
    if (transactionCode) navigate(paths.shopCounter(store), { replace: true });
  }, [transactionCode, navigate, store]);

  const park = useCallback(async () => {
    if (empty || parking) return;
    setParking(true);
    const result = await checkout.park(cart, pricing.total);
    setParking(false);
    if (!result.ok) {
      notifications.show({ color: 'red', title: t('counter.parkFailed'), message: result.message });
      return false;
    }
    dispatch({ type: 'clear' });
    leaveHeldCart();
    notifications.show({ color: 'teal', message: result.queued ? t('counter.heldQueued') : t('counter.held') });
    return true;
  }, [empty, parking, checkout, cart, pricing.total, dispatch, leaveHeldCart, t]);

  const reopen = useCallback(
    async (code: string) => {
      // The cart on screen is held first, so reopening another never throws a cart away.
      if (!empty && cart.parkedCode !== code && !(await park())) return;
      setDialog(null);
      navigate(paths.shopCounter(store, code));
    },
    [empty, cart.parkedCode, park, navigate, store],
  );

  // "Open as cart" on a sale the server refused: the cart on screen is held first, the refused sale
  // becomes the cart (and leaves the queue, so it can never be sent twice), and the cashier fixes it.
  const openQueued = useCallback(
    async (entry: QueuedSale) => {
      if (entry.store.toLowerCase() !== store.toLowerCase()) {
        notifications.show({ color: 'blue', message: t('counter.queuedOtherStore', { store: entry.store }) });
        navigate(paths.shopCounter(entry.store));
        return;
      }
      if (!empty && !(await park())) return;
      const rates = new Map<string, number | null>();
      for (const line of entry.request.body.lines) {
        if (line.code && !rates.has(line.code)) rates.set(line.code, (await find(line.code)).product?.taxRate ?? null);
      }
      replace(cartFromQueued(entry, newKey, (code) => rates.get(code) ?? null));
      await discardSale(entry.clientId);
      if (entry.request.kind === 'complete' && reopensHeldCart(entry))
        navigate(paths.shopCounter(store, entry.request.code));
    },
    [store, empty, park, find, replace, navigate, t],
  );

  const pay = useCallback(
    async (tenders: TenderInput[]) => {
      const sold = cart.lines.flatMap((l) => (l.code ? [{ code: l.code, quantity: l.quantity }] : []));
      // The rate the dialog showed, when it is the store's dated rate (not only the session's copy).
      const shown = rate && rateText === rate.rate ? { rate: rate.rate, date: rate.date, source: rate.source } : null;
      const result = await checkout.pay(cart, pricing.total, tenders, shown);
      if (result.ok) {
        // The sale is safe (stored, or queued on this device): the cart is empty for the next customer
        // while the change screen is still up.
        dispatch({ type: 'clear' });
        void noteSold(sold);
        leaveHeldCart();
      }
      return result;
    },
    [checkout, cart, pricing.total, rate, rateText, dispatch, noteSold, leaveHeldCart],
  );

  const openPayment = useCallback(() => {
    if (empty) return;
    shiftGate.beforeSale(() => {
      checkout.beginPayment();
      setDialog({ kind: 'pay' });
    });
  }, [empty, checkout, shiftGate]);

  const selectedLine = cart.lines.find((l) => l.key === selected) ?? cart.lines.at(-1) ?? null;
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
  const editing = dialog?.kind === 'line' ? (cart.lines.find((l) => l.key === dialog.key) ?? null) : null;
  const saveLine = (key: string, changes: LineChanges) => {
    const line = cart.lines.find((l) => l.key === key);
    if (!line) return;
    if (changes.quantity !== line.quantity) dispatch({ type: 'setQuantity', key, quantity: changes.quantity });
    if (changes.unitPrice !== line.unitPrice) dispatch({ type: 'setPrice', key, unitPrice: changes.unitPrice });
    dispatch({ type: 'setLineDiscount', key, discount: changes.discount });
    closeDialog();
  };

  const completed = transactionCode && parked.data && parked.data.status !== 'PARKED' ? parked.data : null;
  const rateInfo =
    money.second && rateText
      ? {
          rate: trimRate(rateText),
          date: rate?.date ?? '',
          source: rate ? t(`counter.rateSource.${rate.source}`, { defaultValue: rate.source }) : '',
          stale: rateQuery.data?.stale ?? false,
        }
      : null;

  const actions = (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconPause size={18} />}
        onClick={() => void park()}
        disabled={empty}
        loading={parking}
      >
        {t('counter.park')}
      </Button>
      <MoreButton
        store={store}
        empty={empty}
        held={Boolean(cart.parkedCode)}
        shiftsEnabled={Boolean(virtualStore?.shiftsEnabled)}
        onDialog={(kind) => setDialog({ kind })}
        onClear={() => {
          dispatch({ type: 'clear' });
          leaveHeldCart();
        }}
      />
    </Group>
  );

  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py={{ base: 'sm', sm: 'lg' }} pb={{ base: 120, md: 'lg' }} maw={1280} mx="auto">
      <CounterHeader
        store={store}
        shiftBadge={shiftGate.badge}
        parkedCode={cart.parkedCode}
        onQueued={(entry) => void openQueued(entry)}
        onHeld={() => setDialog({ kind: 'held' })}
        onHelp={() => setDialog({ kind: 'help' })}
      />

      {completed && (
        <Alert color="blue" mb="sm" title={t('counter.alreadyCompletedTitle')}>
          <Text fz="sm">{t('counter.alreadyCompleted', { code: completed.code })}</Text>
          <Group mt="xs" gap="xs">
            <Button size="xs" component={Link} to={paths.shopList(store, completed.code)}>
              {t('counter.openInList')}
            </Button>
            <Button size="xs" variant="default" onClick={leaveHeldCart}>
              {t('counter.newSale')}
            </Button>
          </Group>
        </Alert>
      )}
      {parked.isError && transactionCode && (
        <Alert color="red" mb="sm" role="alert">
          {describeError(t, parked.error)}
        </Alert>
      )}
      <LimitNotice kind="transactions" store={store} compact mb="sm" />
      {shiftGate.notice}

      <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-lg)', alignItems: 'start' }} className="counter-grid">
        <Stack gap="sm" style={{ minWidth: 0 }}>
          <ProductSearch
            ref={searchRef}
            search={search}
            onPick={addProduct}
            onCode={(code) => void onScan(code)}
            cameraOn={cameraOn}
            onCamera={() => setCameraOn((on) => !on)}
          />
          {cameraOn && (
            <Suspense fallback={null}>
              <Box maw={420}>
                <CameraScanner active={cameraOn} onScan={(code) => void onScan(code)} />
              </Box>
            </Suspense>
          )}
          {empty ? (
            <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
              <Stack align="center" gap={6} c="dimmed" ta="center">
                <IconCart size={44} />
                <Text fw={600}>{t('counter.emptyTitle')}</Text>
                <Text fz="sm">{t('counter.emptyText')}</Text>
                {!copyStatus.complete && copyStatus.count > 0 && (
                  <Text fz="xs">{t('counter.copyProgress', { count: copyStatus.count })}</Text>
                )}
              </Stack>
            </Paper>
          ) : (
            <CartLines
              lines={cart.lines}
              priced={pricing.lines}
              stock={stock}
              selectedKey={selectedLine?.key ?? null}
              onSelect={setSelected}
              onEdit={(key) => setDialog({ kind: 'line', key, focus: 'quantity' })}
              onQuantity={(key, quantity) => dispatch({ type: 'setQuantity', key, quantity })}
              onRemove={(key) => dispatch({ type: 'remove', key })}
            />
          )}
          {cart.removed && (
            <Paper withBorder radius="md" px="sm" py={6} role="status">
              <Group justify="space-between" wrap="nowrap">
                <Text fz="sm" truncate>
                  {t('counter.removed', { name: cart.removed.line.name })}
                </Text>
                <Button size="compact-sm" variant="subtle" onClick={() => dispatch({ type: 'undoRemove' })}>
                  {t('counter.undo')}
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>

        {/* An empty cart has nothing to sum up on a phone: the scan hint fills the screen. */}
        <Paper withBorder radius="lg" p="md" className="counter-summary" visibleFrom={empty ? 'md' : undefined}>
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{t('counter.items', { count: items })}</Text>
              {actions}
            </Group>
            <CartTotals
              pricing={pricing}
              taxMode={taxMode}
              rate={rate}
              stale={Boolean(money.second) && (rateQuery.data?.stale ?? false)}
              settingsPath={paths.profileStoreSales(store, store)}
            />
            <Button size="xl" fullWidth onClick={openPayment} disabled={empty} visibleFrom="md">
              {t('counter.pay', { amount: formatMain(money, pricing.total) })}
            </Button>
            {cart.discount && (
              <Anchor component="button" type="button" fz="sm" onClick={() => setDialog({ kind: 'cartDiscount' })}>
                {t('counter.editCartDiscount')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </Box>

      {/* On a phone the total and the pay button sit at the bottom, under the thumb. */}
      <Paper
        hiddenFrom="md"
        withBorder
        shadow="md"
        radius={0}
        p="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 150, paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))' }}
      >
        <Button size="xl" fullWidth onClick={openPayment} disabled={empty} data-testid="pay-phone">
          {t('counter.pay', { amount: formatMain(money, pricing.total) })}
        </Button>
      </Paper>

      <Suspense fallback={null}>
        {dialog?.kind === 'pay' && (
          <PaymentDialog
            opened
            onClose={closeDialog}
            total={pricing.total}
            context={{ ...paymentContext, secondCurrency: paymentContext.secondCurrency as CurrencyCode | null }}
            rateInfo={rateInfo}
            onPay={pay}
            onNewSale={() => {
              closeDialog();
              setSelected(null);
            }}
            afterPay={({ code }) => <ReceiptActions code={code} />}
          />
        )}
        {dialog?.kind === 'line' && (
          <LineEditor
            line={editing}
            focus={dialog.focus}
            onSave={saveLine}
            onRemove={(key) => {
              dispatch({ type: 'remove', key });
              closeDialog();
            }}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'cartDiscount' && (
          <CartDiscountDialog
            opened
            current={cart.discount}
            subtotal={pricing.gross - pricing.lineDiscounts}
            onSave={(discount) => {
              dispatch({ type: 'setCartDiscount', discount });
              closeDialog();
            }}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'openItem' && (
          <OpenItemDialog
            opened
            onAdd={(item) => {
              const key = newKey();
              dispatch({ type: 'addOpen', ...item, key });
              setSelected(key);
              closeDialog();
            }}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'held' && (
          <HeldCarts
            store={store}
            opened
            currentCode={cart.parkedCode}
            onReopen={(code) => void reopen(code)}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'help' && <ShortcutsOverlay opened onClose={closeDialog} />}
      </Suspense>
      {shiftGate.dialog}
    </Box>
  );
}
