import { useState } from 'react';
import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import {
  asProductUnit,
  formatQuantity,
  isMeasuredUnit,
  parseQuantityText,
  quantityInputText,
  UNIT_SYMBOLS,
  type ProductUnit,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TransactionLine } from '@shopdesk/shared';
import { IconMinus, IconPlus } from '../../../components/icons.tsx';
import { clampRefundQuantity, refundableOf } from '../model/refund-preview.ts';

/**
 * How many units of one line to take back: 0 up to what has not been refunded yet. A weighed line
 * (KG, L, M) takes the quantity typed in its unit with up to 3 decimals (0.100 kg), not steps.
 */
export function RefundStepper({
  line,
  value,
  onChange,
}: {
  line: TransactionLine;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const max = refundableOf(line);
  const set = (q: number) => onChange(clampRefundQuantity(line, q));
  const unit = asProductUnit(line.unit);
  if (isMeasuredUnit(unit)) return <MeasuredRefund line={line} unit={unit} max={max} value={value} onSet={set} />;
  return (
    <Group wrap="nowrap" gap="sm" py={6} data-testid="refund-stepper">
      <RefundLineName name={line.name} limit={t('sales.upTo', { count: max })} />
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={40}
          disabled={value <= 0}
          onClick={() => set(value - 1)}
          aria-label={t('sales.fewer', { name: line.name })}
        >
          <IconMinus size={18} />
        </ActionIcon>
        <Text
          w={36}
          ta="center"
          fw={700}
          aria-live="polite"
          aria-label={t('sales.refundQuantityOf', { name: line.name, count: value, max })}
          data-testid="refund-quantity"
        >
          {value}
        </Text>
        <ActionIcon
          variant="default"
          size={40}
          disabled={value >= max}
          onClick={() => set(value + 1)}
          aria-label={t('sales.more', { name: line.name })}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

function MeasuredRefund({
  line,
  unit,
  max,
  value,
  onSet,
}: {
  line: TransactionLine;
  unit: ProductUnit;
  max: number;
  value: number;
  onSet: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const symbol = UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>];
  // What is being typed ("0.1"), until the field is left: then the kept quantity shows (0.100, or the most).
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Group wrap="nowrap" gap="sm" py={6} data-testid="refund-stepper">
      <RefundLineName name={line.name} limit={t('sales.upToMeasured', { quantity: formatQuantity(max, unit) })} />
      <NumberInput
        aria-label={t('sales.refundQuantityMeasured', {
          name: line.name,
          unit: symbol,
          max: formatQuantity(max, unit),
        })}
        data-testid="refund-quantity"
        value={draft ?? (value > 0 ? quantityInputText(value, unit) : '')}
        onChange={(v) => {
          setDraft(String(v));
          onSet(parseQuantityText(String(v), unit) ?? 0);
        }}
        onBlur={() => setDraft(null)}
        min={0}
        decimalScale={3}
        allowNegative={false}
        hideControls
        inputMode="decimal"
        placeholder="0.000"
        w={132}
        rightSection={
          <Text fz="sm" c="dimmed">
            {symbol}
          </Text>
        }
        styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
      />
    </Group>
  );
}

/** The line's name and how much of it may still be given back. */
function RefundLineName({ name, limit }: { name: string; limit: string }) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Text fz="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text fz="xs" c="dimmed">
        {limit}
      </Text>
    </div>
  );
}
