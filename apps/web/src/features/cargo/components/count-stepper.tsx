import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconMinus, IconPlus } from '../../../components/icons.tsx';
import { useCountDraft } from '../hooks/use-count-draft.ts';

interface Props {
  value: number;
  /** Accessible name of the number field, e.g. "Quantity of Green tea". */
  label: string;
  name: string;
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
export function CountStepper({ value, label, name, onStep, onSet, disabled }: Props) {
  const { t } = useTranslation();
  const field = useCountDraft(value, (v) => v, wholeCount, onSet);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        onClick={() => onStep(-1)}
        disabled={disabled || value <= 0}
        aria-label={t('cargo.count.minus', { name })}
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
        aria-label={t('cargo.count.plus', { name })}
      >
        <IconPlus size={20} />
      </ActionIcon>
    </Group>
  );
}
