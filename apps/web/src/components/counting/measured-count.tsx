import { NumberInput, Text } from '@mantine/core';
import { parseQuantityText, quantityInputText, UNIT_SYMBOLS, type ProductUnit } from '@shopdesk/shared';
import { useCountDraft } from './use-count-draft.ts';

interface Props {
  /** Thousandths of the unit. */
  value: number;
  unit: Exclude<ProductUnit, 'EACH'>;
  label: string;
  onSet: (value: number) => void;
}

/**
 * The count of a weighed line (product): typed in its unit with 3 decimals (0.350 kg), no − and +, since a
 * step of one thousandth means nothing on a scale. Set when the field is left or Enter is pressed.
 */
export function MeasuredCount({ value, unit, label, onSet }: Props) {
  const field = useCountDraft(
    value,
    (v) => quantityInputText(v, unit),
    (text) => parseQuantityText(text, unit),
    onSet,
  );
  return (
    <NumberInput
      aria-label={label}
      {...field}
      min={0}
      decimalScale={3}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      w={132}
      size="md"
      rightSection={
        <Text fz="sm" c="dimmed">
          {UNIT_SYMBOLS[unit]}
        </Text>
      }
      styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
    />
  );
}
