import { asProductUnit, isMeasuredUnit, parseQuantityText, UNIT_SYMBOLS } from '@shopdesk/shared';
import { NumberInput, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { CountingRow } from '../../../components/counting/counting-row.tsx';
import { ExpectedCount } from '../../../components/counting/expected-count.tsx';
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
 * the tally keeps thousandths, as the server does. The count is set as it is typed: it is this
 * device's tally, sent only when the stock-take is saved.
 */
export function TallyRow({ store, entry, highlighted, onSet, onRemove }: Props) {
  const { t } = useTranslation();
  const product = useProduct(store, entry.code);
  const name = product.data?.name;
  const unknown = product.data === null;
  const unit = asProductUnit(product.data?.unit);
  const measured = isMeasuredUnit(unit);
  const countLabel = t('stockTake.countedFor', { name: name ?? entry.code });
  return (
    <CountingRow
      layout="inline"
      label={name ?? entry.code}
      title={unknown ? t('stockTake.unknown') : (name ?? '…')}
      titleColor={unknown ? 'red' : undefined}
      code={entry.code}
      expected={
        product.data && (
          <ExpectedCount
            unit={unit}
            expected={product.data.quantity}
            expectedText={{ pieces: 'stockTake.onRecord', measured: 'stockTake.onRecordMeasured' }}
          />
        )
      }
      control={
        measured ? (
          <NumberInput
            aria-label={countLabel}
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
            aria-label={countLabel}
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
        )
      }
      highlighted={highlighted}
      onRemove={onRemove}
      removeLabel={t('stockTake.remove', { name: name ?? entry.code })}
    />
  );
}
