import { lazy, Suspense, useState, type Ref } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconCart } from '../../../components/icons.tsx';
import type { CounterSale } from '../hooks/use-counter-sale.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { CartLines } from './cart-lines.tsx';
import { ProductSearch } from './product-search.tsx';
import { CartCustomer } from '../customers/cart-customer.tsx';
import type { CartCustomerState } from '../customers/use-cart-customer.ts';
import type { ItemEntry } from '../catalog/use-counter-catalog.ts';

// The variant picker loads the first time an item of several variants is picked, not with the counter.
const VariantPicker = lazy(() => import('../variant-picker/variant-picker.tsx'));

const CameraScanner = lazy(() =>
  import('../../../scanning/camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

interface Props {
  sale: CounterSale;
  searchRef: Ref<HTMLInputElement>;
  onEditLine: (key: string) => void;
  customer: CartCustomerState;
  onCustomer: () => void;
  /** Sell a gift card (also in More): on a phone the empty cart hides More, and a card is often sold alone. */
  onGiftCard: () => void;
}

/**
 * The cart side of the counter: the product search (and the camera scanner under it), the lines
 * rung up, or what to do first while the cart is empty, and the undo of a removed line.
 */
export function CartPanel({ sale, searchRef, onEditLine, customer, onCustomer, onGiftCard }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const [cameraOn, setCameraOn] = useState(false);
  const [picking, setPicking] = useState<ItemEntry | null>(null);
  const { cart, dispatch, catalog, pricing, stock, selectedLine } = sale;
  const scan = (code: string) => void sale.onScan(code);

  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <ProductSearch
        ref={searchRef}
        search={catalog.search}
        onPick={sale.addProduct}
        onPickItem={setPicking}
        onCode={scan}
        cameraOn={cameraOn}
        onCamera={() => setCameraOn((on) => !on)}
      />
      {picking && (
        <Suspense fallback={null}>
          <VariantPicker
            store={sale.store}
            entry={picking}
            variantsOf={catalog.variantsOf}
            onAdd={(variant) => {
              sale.addProduct(variant);
              setPicking(null);
            }}
            onClose={() => setPicking(null)}
          />
        </Suspense>
      )}
      {cameraOn && (
        <Suspense fallback={null}>
          <Box maw={420}>
            <CameraScanner active={cameraOn} onScan={scan} />
          </Box>
        </Suspense>
      )}
      <CartCustomer state={customer} onOpen={onCustomer} />
      {sale.empty ? (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }} data-testid="cart-empty">
          <Stack align="center" gap={6} c="dimmed" ta="center">
            <IconCart size={44} />
            <Text fw={600}>{t('counter.emptyTitle')}</Text>
            <Text fz="sm">{t('counter.emptyText')}</Text>
            {!catalog.status.complete && catalog.status.count > 0 && (
              <Text fz="xs">{t('counter.copyProgress', { count: catalog.status.count })}</Text>
            )}
            <Button variant="light" mt="xs" onClick={onGiftCard} disabled={!online} data-testid="sell-gift-card">
              {t('counterGiftCard.sellTitle')}
            </Button>
            {!online && <Text fz="xs">{t('counterGiftCard.sellOffline')}</Text>}
          </Stack>
        </Paper>
      ) : (
        <CartLines
          lines={cart.lines}
          priced={pricing.lines}
          stock={stock}
          selectedKey={selectedLine?.key ?? null}
          onSelect={sale.setSelected}
          onEdit={onEditLine}
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
  );
}
