import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Drawer, Group, Modal, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { formatMain, useStoreMoney, type StoreMoney } from '../../../lib/store-money.ts';
import { fromProduct, type CounterProduct } from '../catalog/catalog-db.ts';
import { activeVariants, type ItemEntry } from '../catalog/fold-variants.ts';
import { getItem } from './item-api.ts';
import './variant-picker.css';
import {
  availableValues,
  choose,
  initialSelection,
  pickerOptions,
  stockGrid,
  variantFor,
  type PickerOption,
  type Selection,
} from './picker-model.ts';

export interface VariantPickerProps {
  store: string;
  entry: ItemEntry;
  /** The item's variants in this device's copy (offline, the picker's only source). */
  variantsOf: (itemId: string) => Promise<CounterProduct[]>;
  onAdd: (variant: CounterProduct) => void;
  onClose: () => void;
}

const priceRange = (money: StoreMoney, variants: readonly CounterProduct[]) => {
  const prices = variants.map((v) => v.price);
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  return min === max ? formatMain(money, min) : `${formatMain(money, min)}–${formatMain(money, max)}`;
};

/**
 * Which variant of an item the cashier sells (product.md §5 "Variants"), loaded on first use so
 * the counter's first load carries none of it. On a phone: one row of chips per option (Size,
 * then Colour), combinations no variant has disabled, the chosen variant's stock and price, then
 * Add. On a desktop: the stock of every variant in a grid of option 1 × option 2; a tap on a
 * cell adds it. Works from the device's copy offline; online the item's own option order and
 * fresh stock come from GET /item/{id}.
 */
export default function VariantPicker({ store, entry, variantsOf, onAdd, onClose }: VariantPickerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [local, setLocal] = useState<CounterProduct[]>(entry.variants);
  useEffect(() => {
    let live = true;
    void variantsOf(entry.itemId).then((found) => live && found.length > 0 && setLocal(activeVariants(found)));
    return () => {
      live = false;
    };
  }, [entry.itemId, variantsOf]);
  const item = useQuery({
    queryKey: ['counter', store, 'item', entry.itemId],
    queryFn: ({ signal }) => getItem(store, entry.itemId, signal),
    enabled: onlineManager.isOnline(),
    retry: false,
    staleTime: 0,
  });
  const variants = useMemo(
    () => (item.data ? activeVariants(item.data.variants.map(fromProduct)) : local),
    [item.data, local],
  );
  const options = useMemo(
    () => pickerOptions(variants, item.data?.options, (n) => t('counterVariants.optionN', { n })),
    [variants, item.data, t],
  );
  const title = item.data?.name ?? entry.name;
  const props = { options, variants, onAdd };
  const body = phone ? <Chips {...props} /> : <Grid {...props} />;
  // Inside the dialog's heading: spans only (a heading holds no paragraphs).
  const heading = (
    <>
      <Text component="span" display="block" fw={700} fz="lg" lh={1.25}>
        {title}
      </Text>
      <VariantsLine variants={variants} />
    </>
  );
  return phone ? (
    <Drawer
      opened
      onClose={onClose}
      position="bottom"
      radius="lg"
      // A sheet as tall as its chips (the cart stays in view above it), never taller than the screen.
      styles={{ content: { flex: '0 0 auto', width: '100%', height: 'auto', maxHeight: '92dvh' } }}
      title={heading}
      closeButtonProps={{ 'aria-label': t('counterVariants.close') }}
      data-testid="variant-picker"
    >
      {body}
    </Drawer>
  ) : (
    <Modal
      opened
      onClose={onClose}
      // As wide as the grid needs: a column per value of option 2, each wide enough for stock and price.
      size={Math.min(960, 200 + 140 * Math.max(1, options[1]?.values.length ?? 1))}
      radius="lg"
      centered
      title={heading}
      closeButtonProps={{ 'aria-label': t('counterVariants.close') }}
      data-testid="variant-picker"
    >
      {body}
    </Modal>
  );
}

function VariantsLine({ variants }: { variants: readonly CounterProduct[] }) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  if (!variants.length) return null;
  return (
    <Text component="span" display="block" fz="sm" fw={400} c="dimmed" mt={2}>
      {t('counterVariants.count', { count: variants.length })} · {priceRange(money, variants)}
    </Text>
  );
}

interface BodyProps {
  options: PickerOption[];
  variants: CounterProduct[];
  onAdd: (variant: CounterProduct) => void;
}

/** The phone's picker: an option at a time, from the first (Size) to the last (Colour). */
function Chips({ options, variants, onAdd }: BodyProps) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [chosen, setChosen] = useState<Selection | null>(null);
  const selection = chosen?.length === options.length ? chosen : initialSelection(options);
  const variant = variantFor(variants, selection);
  const next = options.find((_, k) => selection[k] === null);
  const last = options.length - 1;
  return (
    <Stack gap="md" pb="xs">
      {options.map((option, k) => {
        const available = availableValues(options, variants, selection, k);
        // The last option's chips show each variant's stock once the others are chosen.
        const rest = selection.slice(0, last).every((v) => v !== null) && k === last;
        return (
          <Box key={option.name}>
            <Text fw={600} fz="sm" mb={6}>
              {option.name}
            </Text>
            <Group gap="xs" role="group" aria-label={option.name}>
              {option.values.map((value) => {
                const on = selection[k] === value;
                const stock = rest
                  ? variantFor(
                      variants,
                      selection.map((v, j) => (j === k ? value : v)),
                    )
                  : null;
                return (
                  <Button
                    key={value}
                    radius="xl"
                    h={44}
                    miw={56}
                    px="md"
                    variant={on ? 'filled' : 'default'}
                    disabled={!available.get(value)}
                    aria-pressed={on}
                    onClick={() => setChosen(choose(options, variants, selection, k, value))}
                    rightSection={
                      stock ? (
                        <Badge
                          size="sm"
                          circle={stock.quantity < 100}
                          variant={on ? 'white' : 'light'}
                          color={stock.quantity > 0 ? 'gray' : 'red'}
                          aria-label={t('counterVariants.stockOf', { count: stock.quantity })}
                        >
                          {stock.quantity}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {value}
                  </Button>
                );
              })}
            </Group>
          </Box>
        );
      })}
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" aria-live="polite">
        {variant ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Box style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {variant.optionValues?.join(' · ')}
              </Text>
              <Text fz="sm" c={variant.quantity > 0 ? 'dimmed' : 'red'} data-testid="variant-stock">
                {variant.quantity > 0
                  ? t('counterVariants.inStock', { count: variant.quantity })
                  : t('counterVariants.noStock', { count: variant.quantity })}
              </Text>
              <Text fz="xs" c="dimmed" ff="monospace">
                {variant.code}
              </Text>
            </Box>
            <Text fw={700} fz="lg">
              {formatMain(money, variant.price)}
            </Text>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            {next ? t('counterVariants.choose', { option: next.name }) : t('counterVariants.none')}
          </Text>
        )}
      </Paper>
      <Button size="lg" h={52} disabled={!variant} onClick={() => variant && onAdd(variant)}>
        {t('counterVariants.add')}
      </Button>
    </Stack>
  );
}

/** The desktop's picker: every variant's stock in a grid of option 1 × option 2; a tap adds one. */
function Grid({ options, variants, onAdd }: BodyProps) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const extra = options.slice(2);
  const [chosenRest, setRest] = useState<string[] | null>(null);
  const rest = chosenRest ?? extra.map((o) => o.values[0]!);
  const grid = stockGrid(options, variants, rest);
  const oneOption = options.length === 1;
  const samePrice = new Set(variants.map((v) => v.price)).size === 1;
  if (!options.length) return <Text c="dimmed">{t('counterVariants.none')}</Text>;
  return (
    <Stack gap="sm">
      {extra.map((option, i) => (
        <Group key={option.name} gap="xs" role="group" aria-label={option.name}>
          <Text fw={600} fz="sm" mr={4}>
            {option.name}
          </Text>
          {option.values.map((value) => (
            <Button
              key={value}
              radius="xl"
              size="compact-md"
              variant={rest[i] === value ? 'filled' : 'default'}
              aria-pressed={rest[i] === value}
              onClick={() => setRest(rest.map((v, j) => (j === i ? value : v)))}
            >
              {value}
            </Button>
          ))}
        </Group>
      ))}
      <Text fz="sm" c="dimmed">
        {t('counterVariants.gridHint')}
      </Text>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing={4}
        aria-label={t('counterVariants.gridLabel')}
        style={{ tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96} fz="xs" c="dimmed" fw={600}>
              {oneOption ? options[0]!.name : `${options[0]!.name} \\ ${options[1]!.name}`}
            </Table.Th>
            {grid.columns.map((column) => (
              <Table.Th key={column} ta="center" miw={88}>
                {oneOption ? t('counterVariants.stockColumn') : column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((row, r) => (
            <Table.Tr key={row}>
              <Table.Th fw={700}>{row}</Table.Th>
              {grid.cells[r]!.map((cell, c) => (
                <Table.Td key={grid.columns[c]} p={2}>
                  {cell ? (
                    <UnstyledButton
                      onClick={() => onAdd(cell)}
                      aria-label={t('counterVariants.cellLabel', { name: cell.name, count: cell.quantity })}
                      w="100%"
                      mih={56}
                      p={6}
                      className="variant-cell"
                      style={{ borderRadius: 'var(--mantine-radius-sm)', textAlign: 'center' }}
                    >
                      <Text fw={800} fz="xl" lh={1.1} c={cell.quantity > 0 ? undefined : 'red'}>
                        {cell.quantity}
                      </Text>
                      {!samePrice && (
                        <Text fz="xs" c="dimmed">
                          {formatMain(money, cell.price)}
                        </Text>
                      )}
                    </UnstyledButton>
                  ) : (
                    <Text ta="center" c="dimmed" aria-label={t('counterVariants.noVariant')}>
                      –
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
