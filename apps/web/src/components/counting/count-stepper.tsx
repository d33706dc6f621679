import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconMinus, IconPlus } from '../icons.tsx';
import { useCountDraft } from './use-count-draft.ts';

interface Props {
  value: number;
  /** Accessible name of the number field, e.g. "Quantity of Green tea". */
  label: string;
  /** Accessible names of − and +, e.g. "Remove one Green tea", "Add one Green tea". */
  minusLabel: string;
  plusLabel: string;
  onStep: (delta: number) => void;
  onSet: (value: number) => void;
  disabled?: boolean;
}

/** A typed whole count of pieces, or null. */
const wholeCount = (text: string) => (text.trim() !== '' && Number.isInteger(Number(text)) ? Number(text) : null);

/**
 * − [count] +: 44 px targets for a thumb; typing a number sets it when the field is left or Enter
 * is pressed (not on every keystroke, which would send "1", then "12", then "120").
 */
export function CountStepper({ value, label, minusLabel, plusLabel, onStep, onSet, disabled }: Props) {
  const field = useCountDraft(value, (v) => v, wholeCount, onSet);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        onClick={() => onStep(-1)}
        disabled={disabled || value <= 0}
        aria-label={minusLabel}
      >
        <IconMinus size={20} />
      </ActionIcon>
      <NumberInput
        aria-label={label}
        {...field}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        w={72}
        size="md"
        disabled={disabled}
        styles={{ input: { textAlign: 'center', fontWeight: 700 } }}
      />
      <ActionIcon
        variant="filled"
        size={44}
        radius="md"
        onClick={() => onStep(1)}
        disabled={disabled}
        aria-label={plusLabel}
      >
        <IconPlus size={20} />
      </ActionIcon>
    </Group>
  );
}
