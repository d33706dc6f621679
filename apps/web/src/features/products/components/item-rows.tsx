import { Fragment } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatQuantity, type Item, type ItemSummary, type Product } from '@shopdesk/shared';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { paths } from '../../../lib/paths.ts';
import { CardList, TableCard } from '../../../components/list-card.tsx';
import { QuantityBadge } from '../../../components/quantity-badge.tsx';
import { IconChevronDown, IconChevronRight, IconEdit, IconPrinter } from '../../../components/icons.tsx';
import { useItem } from '../api/get-item.ts';

/** An item in the folded list: one variant is a product row as before; several fold under it. */
export const isFolded = (s: ItemSummary) => s.variantCount > 1 || s.code === null;

interface Props {
  store: string;
  items: readonly ItemSummary[];
  stale: boolean;
  opened: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Opens a one-variant item's product card (as a product row does). */
  onOpenProduct: (code: string) => void;
  /** Labels: one product's (a variant's), or every variant of an item. */
  onPrintProduct: (p: Product) => void;
  onPrintOne: (code: string) => void;
  onPrintItem: (item: Item) => void;
  canEdit: boolean;
}

/** "6 variants · 42 in stock · ¥1,000–¥1,500": what an item holds, folded. */
function useSummaryText() {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const price = (s: ItemSummary) =>
    s.priceMin === s.priceMax
      ? formatMain(money, s.priceMin)
      : t('items.list.priceRange', { min: formatMain(money, s.priceMin), max: formatMain(money, s.priceMax) });
  return {
    price,
    line: (s: ItemSummary) =>
      [
        t('items.list.variants', { count: s.variantCount }),
        // Variants sold by different units have no total worth showing; each shows its own unfolded.
        ...(s.unit === null
          ? []
          : [
              s.unit === 'EACH'
                ? t('items.list.inStock', { count: s.quantity })
                : t('productUnit.inStock', { quantity: formatQuantity(s.quantity, s.unit) }),
            ]),
        price(s),
      ].join(' · '),
  };
}

/** Variants at or below their reorder level; a one-variant item says "Low" as a product row does. */
function LowBadge({ count, single }: { count: number; single: boolean }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge color="orange" variant="light" tt="none" aria-label={t('items.list.lowLabel', { count })}>
      {single ? t('lowStock.badge') : t('items.list.low', { count })}
    </Badge>
  );
}

/** The variants of an unfolded item, each with its own stock, label and product page. */
function Variants({
  store,
  id,
  onPrintProduct,
  onPrintItem,
  canEdit,
  table,
}: {
  store: string;
  id: string;
  onPrintProduct: (p: Product) => void;
  onPrintItem: (item: Item) => void;
  canEdit: boolean;
  table: boolean;
}) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const item = useItem(store, id);
  if (item.isPending) return <Skeleton h={80} m="sm" />;
  if (item.isError)
    return (
      <Alert color="red" m="sm" role="alert">
        {describeError(t, item.error)}
      </Alert>
    );
  const variants = item.data.variants.filter((v) => !v.retired);
  const retired = item.data.variants.length - variants.length;
  return (
    <Box
      px={table ? 'md' : 'sm'}
      pb="sm"
      pt={table ? 'xs' : 0}
      bg="var(--mantine-color-default-hover)"
      data-testid="item-variants"
    >
      <Stack
        component="ul"
        gap={0}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('items.list.variantsOf', { name: item.data.name })}
      >
        {variants.map((v) => (
          <Group
            component="li"
            key={v.id}
            wrap="nowrap"
            gap="xs"
            py={4}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <UnstyledButton
              component={Link}
              to={paths.stockScan(store, v.code)}
              style={{ flex: 1, minWidth: 0 }}
              aria-label={t('productList.open', { name: v.name })}
            >
              <Text fw={600} fz="sm" truncate>
                {v.optionValues.length ? v.optionValues.join(' · ') : v.name}
              </Text>
              <Text fz="xs" c="dimmed" ff="monospace" truncate>
                {v.code}
              </Text>
            </UnstyledButton>
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMain(money, v.price)}
            </Text>
            {v.reorderLevel !== null && v.quantity <= v.reorderLevel && (
              <Badge color="orange" variant="light" tt="none">
                {t('lowStock.badge')}
              </Badge>
            )}
            <QuantityBadge quantity={v.quantity} unit={v.unit} />
            <ActionIcon
              variant="subtle"
              size={40}
              onClick={() => onPrintProduct(v)}
              aria-label={t('labels.printLabelFor', { name: v.name })}
            >
              <IconPrinter size={18} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group gap="xs" mt="xs" justify="space-between">
        <Text fz="xs" c="dimmed">
          {retired > 0 ? t('items.list.retiredHidden', { count: retired }) : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={16} />}
            onClick={() => onPrintItem(item.data)}
          >
            {t('items.printLabels')}
          </Button>
          {canEdit && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={16} />}
              component={Link}
              to={paths.itemEdit(store, id)}
            >
              {t('items.list.editItem')}
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}

/** The folded list as a table (desktop). */
export function ItemTable(props: Props) {
  const { t } = useTranslation();
  const { items, stale, opened, onToggle, onOpenProduct, onPrintOne } = props;
  const text = useSummaryText();
  return (
    <TableCard stale={stale}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.barcode')}</Table.Th>
            <Table.Th>{t('fields.productName')}</Table.Th>
            <Table.Th>{t('fields.brand')}</Table.Th>
            <Table.Th>{t('fields.category')}</Table.Th>
            <Table.Th ta="right">{t('fields.price')}</Table.Th>
            <Table.Th ta="right">{t('productList.quantity')}</Table.Th>
            <Table.Th w={96} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => {
            const folded = isFolded(s);
            const open = opened.has(s.id);
            const act = () => (folded ? onToggle(s.id) : onOpenProduct(s.code!));
            return (
              <Fragment key={s.id}>
                <Table.Tr
                  onClick={act}
                  style={{ cursor: 'pointer' }}
                  data-testid="item-row"
                  aria-expanded={folded ? open : undefined}
                >
                  <Table.Td ff={folded ? undefined : 'monospace'} fz="sm">
                    {folded ? (
                      <Badge variant="light" tt="none" data-testid="variant-count">
                        {t('items.list.variants', { count: s.variantCount })}
                      </Badge>
                    ) : (
                      s.code
                    )}
                  </Table.Td>
                  <Table.Td fw={600}>{s.name}</Table.Td>
                  <Table.Td c="dimmed">{s.brand}</Table.Td>
                  <Table.Td c="dimmed">{s.category}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {text.price(s)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <LowBadge count={s.lowStockCount} single={!folded} />
                      {s.unit !== null && <QuantityBadge quantity={s.quantity} unit={s.unit} />}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={0} wrap="nowrap" justify="flex-end">
                      {!folded && (
                        <ActionIcon
                          variant="subtle"
                          size={44}
                          onClick={(e) => {
                            e.stopPropagation();
                            onPrintOne(s.code!);
                          }}
                          aria-label={t('labels.printLabelFor', { name: s.name })}
                        >
                          <IconPrinter size={20} />
                        </ActionIcon>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size={44}
                        onClick={(e) => {
                          e.stopPropagation();
                          act();
                        }}
                        aria-label={
                          folded
                            ? t(open ? 'items.list.fold' : 'items.list.unfold', { name: s.name })
                            : t('productList.open', { name: s.name })
                        }
                      >
                        {folded && open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {folded && open && (
                  <Table.Tr>
                    <Table.Td colSpan={7} p={0}>
                      <Variants {...props} id={s.id} table />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

/** The folded list as cards (phone). */
export function ItemCards(props: Props) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const { items, stale, opened, onToggle, onOpenProduct, onPrintOne } = props;
  const text = useSummaryText();
  return (
    <CardList items={items} keyOf={(s) => s.id} label={t('productList.title')} stale={stale} rowTestId="item-row">
      {(s) => {
        const folded = isFolded(s);
        const open = opened.has(s.id);
        return (
          <>
            <Group wrap="nowrap" gap={4} pr={4}>
              <UnstyledButton
                onClick={() => (folded ? onToggle(s.id) : onOpenProduct(s.code!))}
                px="md"
                py="sm"
                style={{ flex: 1, minWidth: 0 }}
                aria-expanded={folded ? open : undefined}
                aria-label={folded ? t(open ? 'items.list.fold' : 'items.list.unfold', { name: s.name }) : undefined}
              >
                <Group wrap="nowrap" gap="sm">
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {s.name}
                    </Text>
                    {folded ? (
                      <Text fz="xs" c="dimmed" data-testid="item-summary">
                        {text.line(s)}
                      </Text>
                    ) : (
                      <Text fz="xs" c="dimmed" truncate>
                        <Text span ff="monospace" fz="xs">
                          {s.code}
                        </Text>
                        {s.brand ? ` · ${s.brand}` : ''}
                      </Text>
                    )}
                  </Box>
                  {folded ? (
                    <Group gap={4} wrap="nowrap">
                      <LowBadge count={s.lowStockCount} single={!folded} />
                      {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                    </Group>
                  ) : (
                    <Stack gap={2} align="flex-end">
                      <Text fw={700} fz="sm">
                        {formatMain(money, s.priceMin)}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <LowBadge count={s.lowStockCount} single={!folded} />
                        {s.unit !== null && <QuantityBadge quantity={s.quantity} unit={s.unit} />}
                      </Group>
                    </Stack>
                  )}
                </Group>
              </UnstyledButton>
              {!folded && (
                <ActionIcon
                  variant="subtle"
                  size={44}
                  onClick={() => onPrintOne(s.code!)}
                  aria-label={t('labels.printLabelFor', { name: s.name })}
                >
                  <IconPrinter size={20} />
                </ActionIcon>
              )}
            </Group>
            {folded && open && <Variants {...props} id={s.id} table={false} />}
          </>
        );
      }}
    </CardList>
  );
}
