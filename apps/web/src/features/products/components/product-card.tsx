import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  formatQuantity,
  isMeasuredUnit,
  UNIT_SYMBOLS,
  type AdjustStockBody,
  type Product,
  type ProductUnit,
} from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { PriceText } from '../../../components/price-text.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { IconEdit, IconMinus, IconPlus, IconPrinter } from '../../../components/icons.tsx';
import { useAdjustStock } from '../api/adjust-stock.ts';
import { ProductImage } from './product-image.tsx';
import { StockDialog, type StockDialogMode } from './stock-dialog.tsx';
import { StockHistory } from './stock-history.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/store-rights.ts';

interface Props {
  store: string;
  product: Product;
  onPrintLabel: () => void;
}

/** A scanned product: what it is, its stock, quick stock actions and the way to edit or label it. */
export function ProductCard({ store, product, onPrintLabel }: Props) {
  const { t } = useTranslation();
  const adjust = useAdjustStock(store);
  // Offline, stock changes are off and say why; reading the card still works.
  const offlineLock = useWriteLock();
  // Changing stock needs PRODUCTS: the controls are off and the reason shows under them.
  const editing = usePermission('PRODUCTS');
  const lock = editing.allowed ? offlineLock : { disabled: true as const, title: editing.reason };
  const [dialog, setDialog] = useState<StockDialogMode | null>(null);
  const [dialogError, setDialogError] = useState<string>();

  const apply = (body: AdjustStockBody, quiet = false) =>
    adjust.mutateAsync(
      { code: product.code, body },
      {
        onSuccess: (p) => {
          if (!quiet) notifications.show({ color: 'teal', message: t('stock.updated', { count: p.quantity }) });
        },
      },
    );

  const quick = (delta: number) =>
    apply({ delta, reason: 'ADJUSTMENT' }, true).catch((e: unknown) =>
      notifications.show({ color: 'red', message: describeError(t, e) }),
    );

  const negative = product.quantity < 0;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={product.name}>
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Box w={{ base: 72, sm: 96 }} style={{ flex: 'none' }}>
            <ProductImage store={store} imageId={product.imageId} alt={product.name} />
          </Box>
          <Box style={{ minWidth: 0, flex: 1 }}>
            {product.brand && (
              <Text c="dimmed" fz="sm" truncate>
                {product.brand}
              </Text>
            )}
            <Title order={2} fz={{ base: 20, sm: 24 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Title>
            <Text ff="monospace" fz="sm" c="dimmed" mt={2}>
              {product.code}
            </Text>
            <Group gap={6} mt={6}>
              <PriceText minor={product.price} fz="lg" />
              {isMeasuredUnit(product.unit) && (
                <Text fz="lg" c="dimmed" ml={-4}>
                  /{UNIT_SYMBOLS[product.unit as Exclude<ProductUnit, 'EACH'>]}
                </Text>
              )}
              {product.category && (
                <Badge variant="light" color="gray" tt="none">
                  {product.category}
                </Badge>
              )}
            </Group>
          </Box>
        </Group>

        <Paper radius="md" p="md" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" wrap="nowrap">
            <Box>
              <Text fz="sm" c="dimmed">
                {t('stock.onHand')}
              </Text>
              <Text
                fz={36}
                fw={800}
                lh={1.1}
                c={negative ? 'red' : undefined}
                aria-live="polite"
                data-testid="stock-quantity"
              >
                {formatQuantity(product.quantity, product.unit)}
              </Text>
            </Box>
            {/* ±1 is a piece; a weighed product's stock changes by a count or an adjustment. */}
            <Group gap="xs" wrap="nowrap" display={isMeasuredUnit(product.unit) ? 'none' : undefined}>
              <ActionIcon
                size={52}
                radius="xl"
                variant="default"
                aria-label={t('stock.minusOne')}
                onClick={() => void quick(-1)}
                {...lock}
                loading={adjust.isPending && adjust.variables?.body.delta === -1}
              >
                <IconMinus size={24} />
              </ActionIcon>
              <ActionIcon
                size={52}
                radius="xl"
                aria-label={t('stock.plusOne')}
                onClick={() => void quick(1)}
                {...lock}
                loading={adjust.isPending && adjust.variables?.body.delta === 1}
              >
                <IconPlus size={24} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>

        <SimpleGrid cols={2} spacing="sm">
          <Button variant="light" onClick={() => setDialog('count')} {...lock}>
            {t('stock.setCount')}
          </Button>
          <Button variant="light" onClick={() => setDialog('adjust')} {...lock}>
            {t('stock.adjust')}
          </Button>
          {editing.allowed && (
            <Button
              variant="default"
              component={Link}
              to={paths.stockEdit(store, product.code)}
              leftSection={<IconEdit size={18} />}
              px="xs"
            >
              {t('product.edit')}
            </Button>
          )}
          <Button variant="default" onClick={onPrintLabel} leftSection={<IconPrinter size={18} />} px="xs">
            {t('labels.printLabel')}
          </Button>
        </SimpleGrid>
        {/* A variant opens its item; a product of its own can be given options (it becomes the first variant). */}
        {editing.allowed && (
          <Button
            variant="subtle"
            component={Link}
            to={paths.itemEdit(store, product.itemId ?? product.id)}
            leftSection={product.optionValues.length ? <IconEdit size={18} /> : <IconPlus size={18} />}
          >
            {product.optionValues.length ? t('items.card.editItem') : t('items.card.addVariants')}
          </Button>
        )}
        {!editing.allowed && (
          <Text size="sm" c="dimmed">
            {editing.reason}
          </Text>
        )}
        <StockHistory store={store} code={product.code} framed={false} />
      </Stack>
      <StockDialog
        mode={dialog}
        current={product.quantity}
        unit={product.unit}
        error={dialogError}
        onClose={() => {
          setDialog(null);
          setDialogError(undefined);
        }}
        onSubmit={(body) =>
          apply(body).catch((e: unknown) => {
            setDialogError(describeError(t, e));
            throw e;
          })
        }
      />
    </Paper>
  );
}
