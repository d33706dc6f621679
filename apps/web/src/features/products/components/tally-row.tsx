import { asProductUnit, formatQuantity, isMeasuredUnit, parseQuantityText, UNIT_SYMBOLS } from '@shopdesk/shared';
import { ActionIcon, Box, Group, NumberInput, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconTrash } from '../../../components/icons.tsx';
import { useProduct } from '../api/get-product.ts';
import type { TallyEntry } from '../stock-take/tally.ts';

interface Props {
  store: string;
  entry: TallyEntry;
  highlighted: boolean;
  onSet: (counted: number) => void;
  onRemove: () => void;
}

/**
 * One counted product: its name (looked up once), the stock on record, and the editable count. A
 * product sold by weight (volume, length) shows and takes its count in its unit with 3 decimals:
 * the tally keeps thousandths, as the server does.
 */
export function TallyRow({ store, entry, highlighted, onSet, onRemove }: Props) {
  const { t } = useTranslation();
  const product = useProduct(store, entry.code);
  const name = product.data?.name;
  const unknown = product.data === null;
  const unit = asProductUnit(product.data?.unit);
  const measured = isMeasuredUnit(unit);
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: highlighted ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 300ms',
      }}
      aria-label={name ?? entry.code}
    >
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} lineClamp={2} lh={1.3} c={unknown ? 'red' : undefined}>
          {unknown ? t('stockTake.unknown') : (name ?? '…')}
        </Text>
        <Text fz="xs" c="dimmed" ff="monospace" truncate>
          {entry.code}
        </Text>
        {product.data && (
          <Text fz="xs" c={product.data.quantity < 0 ? 'red' : 'dimmed'}>
            {measured
              ? t('stockTake.onRecordMeasured', { quantity: formatQuantity(product.data.quantity, unit) })
              : t('stockTake.onRecord', { count: product.data.quantity })}
          </Text>
        )}
      </Box>
      {measured ? (
        <NumberInput
          aria-label={t('stockTake.countedFor', { name: name ?? entry.code })}
          value={entry.counted / 1000}
          onChange={(v) => onSet(parseQuantityText(String(v), unit) ?? 0)}
          min={0}
          decimalScale={3}
          fixedDecimalScale
          allowNegative={false}
          w={120}
          size="md"
          rightSection={
            <Text fz="sm" c="dimmed">
              {UNIT_SYMBOLS[unit as keyof typeof UNIT_SYMBOLS]}
            </Text>
          }
          styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
          hideControls
          inputMode="decimal"
        />
      ) : (
        <NumberInput
          aria-label={t('stockTake.countedFor', { name: name ?? entry.code })}
          value={entry.counted}
          onChange={(v) => onSet(Number(v) || 0)}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          w={76}
          size="md"
          styles={{ input: { textAlign: 'center', fontWeight: 700 } }}
          hideControls
          inputMode="numeric"
        />
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        size={44}
        onClick={onRemove}
        aria-label={t('stockTake.remove', { name: name ?? entry.code })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
