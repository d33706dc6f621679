import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatQuantity, variantName } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { IconDice } from '../../../components/icons.tsx';
import { useStoreMoney } from '../../../lib/store-money.ts';
import {
  allVariants,
  editVariants,
  pickValue,
  valueTexts,
  variantKey,
  type DraftVariant,
  type ItemDraft,
  type VariantFields,
} from '../items/draft.ts';
import { placeKey, type PlacedErrors } from '../items/item-body.ts';

export interface VariantTableProps {
  draft: ItemDraft;
  itemName: string;
  onChange: (draft: ItemDraft) => void;
  errors: PlacedErrors;
  selected: ReadonlySet<string>;
  onSelect: (keys: string[], on: boolean) => void;
  /** Fills this row's barcode with a fresh in-store code from the server. */
  onGenerate: (row: string) => void;
  generating: string | null;
  /** The row a scanner's code goes to: the last one whose barcode had focus. */
  onFocusCode: (row: string) => void;
  phone: boolean;
}

interface RowProps extends VariantTableProps {
  v: DraftVariant;
}

function useRow({ draft, itemName, onChange, errors, v }: RowProps) {
  const { t } = useTranslation();
  const row = variantKey(v);
  const texts = valueTexts(draft, v);
  const name = variantName(itemName || t('items.variants.unnamed'), texts);
  const error = (field: string) => errors[placeKey({ kind: 'variant', row, field })];
  const set = (fields: Partial<VariantFields & { retired: boolean }>) => onChange(editVariants(draft, [row], fields));
  return { t, row, texts, name, error, set };
}

/** The variant's option values; a saved product given options picks its value for the new ones. */
function VariantLabel(props: RowProps) {
  const { draft, v, onChange } = props;
  const { t, texts, name, error } = useRow(props);
  const optionError = error('optionValues');
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        {texts.length === 0 ? (
          <Text fw={600}>{name}</Text>
        ) : v.id && v.picked.length > 0 ? (
          texts.map((text, k) =>
            v.picked.includes(k) ? (
              <NativeSelect
                key={draft.options[k]!.key}
                size="xs"
                aria-label={t('items.variants.pickValue', { option: draft.options[k]!.name, name: v.product?.name })}
                value={v.valueKeys[k]}
                onChange={(e) => onChange(pickValue(draft, v.id!, k, e.currentTarget.value))}
                data={draft.options[k]!.values.map((x) => ({ value: x.key, label: x.text }))}
              />
            ) : (
              <Text key={draft.options[k]!.key} fw={600}>
                {text}
              </Text>
            ),
          )
        ) : (
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {texts.join(' · ')}
          </Text>
        )}
        {v.retired && (
          <Badge color="orange" variant="light" tt="none">
            {t('items.variants.retired')}
          </Badge>
        )}
        {!v.id && (
          <Badge color="teal" variant="light" tt="none">
            {t('items.variants.new')}
          </Badge>
        )}
      </Group>
      {v.id && v.picked.length > 0 && (
        <Text fz="xs" c="dimmed">
          {t('items.variants.pickHelp', { name: v.product?.name })}
        </Text>
      )}
      {optionError && (
        <Text c="red" fz="xs">
          {optionError}
        </Text>
      )}
    </Stack>
  );
}

function CodeField(props: RowProps & { withLabel: boolean }) {
  const { v, onGenerate, generating, onFocusCode, withLabel } = props;
  const { t, row, name, error, set } = useRow(props);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        label={withLabel ? t('fields.barcode') : undefined}
        aria-label={withLabel ? undefined : t('items.variants.codeOf', { name })}
        placeholder={t('items.variants.codeAuto')}
        value={v.code}
        onChange={(e) => set({ code: e.currentTarget.value })}
        onFocus={() => onFocusCode(row)}
        error={error('code')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <ActionIcon
        variant="light"
        size={36}
        mt={withLabel ? 25 : 0}
        loading={generating === row}
        onClick={() => onGenerate(row)}
        aria-label={t('items.variants.generateFor', { name })}
        title={t('product.randomBarcode')}
      >
        <IconDice size={18} />
      </ActionIcon>
    </Group>
  );
}

function MoneyCell(props: RowProps & { field: 'price' | 'cost'; withLabel: boolean }) {
  const { v, field, withLabel } = props;
  const money = useStoreMoney();
  const { t, name, error, set } = useRow(props);
  const label = field === 'price' ? t('fields.price') : t('fields.cost');
  return (
    <AmountField
      currency={money.main}
      label={withLabel ? label : undefined}
      aria-label={withLabel ? undefined : t('items.variants.fieldOf', { field: label, name })}
      value={v[field]}
      onChange={(value) => set({ [field]: value })}
      error={error(field)}
      required={field === 'price' && withLabel}
      rightSection={null}
      rightSectionWidth={0}
      miw={100}
    />
  );
}

function StockCell(props: RowProps & { withLabel: boolean }) {
  const { v, withLabel } = props;
  const { t, name, error, set } = useRow(props);
  if (v.id)
    return (
      <Box>
        {withLabel && (
          <Text fz="sm" fw={500}>
            {t('items.variants.stock')}
          </Text>
        )}
        <Text fw={700} py={withLabel ? 6 : 0} data-testid="variant-stock">
          {formatQuantity(v.product?.quantity ?? 0, v.product?.unit ?? 'EACH')}
        </Text>
      </Box>
    );
  return (
    <TextInput
      label={withLabel ? t('items.variants.opening') : undefined}
      aria-label={withLabel ? undefined : t('items.variants.openingOf', { name })}
      placeholder="0"
      inputMode="numeric"
      value={v.quantity}
      onChange={(e) => set({ quantity: e.currentTarget.value })}
      error={error('quantity')}
      miw={80}
    />
  );
}

function RetireButton(props: RowProps) {
  const { v } = props;
  const { t, name, set } = useRow(props);
  if (!v.id) return null;
  return (
    <Button
      variant={v.retired ? 'light' : 'subtle'}
      color={v.retired ? 'teal' : 'orange'}
      size="xs"
      onClick={() => set({ retired: !v.retired })}
      aria-label={t(v.retired ? 'items.variants.restoreOf' : 'items.variants.retireOf', { name })}
    >
      {v.retired ? t('items.variants.restore') : t('items.variants.retire')}
    </Button>
  );
}

/**
 * The variants to save: per variant its barcode (scanned, typed, generated, or left for the
 * server to make), price, cost and opening stock (new ones) or stock (saved ones); saved ones are
 * retired or restored. A table on a desktop, a stack of cards on a phone.
 */
export function VariantTable(props: VariantTableProps) {
  const { t } = useTranslation();
  const { draft, selected, onSelect, phone, itemName } = props;
  const rows = allVariants(draft);
  const keys = rows.map(variantKey);
  const all = keys.length > 0 && keys.every((k) => selected.has(k));
  const some = keys.some((k) => selected.has(k));
  const nameOf = (v: DraftVariant) => variantName(itemName || t('items.variants.unnamed'), valueTexts(draft, v));
  const selectAll = (
    <Checkbox
      aria-label={t('items.variants.selectAll')}
      label={phone ? t('items.variants.selectAll') : undefined}
      checked={all}
      indeterminate={some && !all}
      onChange={(e) => onSelect(keys, e.currentTarget.checked)}
    />
  );
  const selectOne = (v: DraftVariant) => (
    <Checkbox
      aria-label={t('items.variants.select', { name: nameOf(v) })}
      checked={selected.has(variantKey(v))}
      onChange={(e) => onSelect([variantKey(v)], e.currentTarget.checked)}
    />
  );

  if (phone)
    return (
      <Stack gap="sm">
        {rows.length > 1 && selectAll}
        {rows.map((v) => (
          <Paper
            key={variantKey(v)}
            withBorder
            radius="md"
            p="sm"
            component="section"
            aria-label={nameOf(v)}
            data-testid="variant-card"
            style={{ opacity: v.retired ? 0.7 : 1 }}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {rows.length > 1 && <Box pt={4}>{selectOne(v)}</Box>}
                  <VariantLabel {...props} v={v} />
                </Group>
                <RetireButton {...props} v={v} />
              </Group>
              <CodeField {...props} v={v} withLabel />
              <SimpleGrid cols={2} spacing="xs">
                <MoneyCell {...props} v={v} field="price" withLabel />
                <MoneyCell {...props} v={v} field="cost" withLabel />
                <StockCell {...props} v={v} withLabel />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label={t('items.variants.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>{rows.length > 1 && selectAll}</Table.Th>
            <Table.Th>{t('items.variants.variant')}</Table.Th>
            <Table.Th miw={200}>{t('fields.barcode')}</Table.Th>
            <Table.Th w={130}>{t('fields.price')}</Table.Th>
            <Table.Th w={130}>{t('fields.cost')}</Table.Th>
            <Table.Th w={100}>{t('items.variants.stockOrOpening')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <Table.Tr key={variantKey(v)} style={{ opacity: v.retired ? 0.7 : 1 }} data-testid="variant-row">
              <Table.Td>{rows.length > 1 && selectOne(v)}</Table.Td>
              <Table.Td>
                <VariantLabel {...props} v={v} />
              </Table.Td>
              <Table.Td>
                <CodeField {...props} v={v} withLabel={false} />
              </Table.Td>
              <Table.Td>
                <MoneyCell {...props} v={v} field="price" withLabel={false} />
              </Table.Td>
              <Table.Td>
                <MoneyCell {...props} v={v} field="cost" withLabel={false} />
              </Table.Td>
              <Table.Td>
                <StockCell {...props} v={v} withLabel={false} />
              </Table.Td>
              <Table.Td>
                <RetireButton {...props} v={v} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
