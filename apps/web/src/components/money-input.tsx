import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { CURRENCIES, parseMoney } from '@shopdesk/shared';
import { formatSecond, useStoreMoney } from '../lib/store-money.ts';

/**
 * An amount in the store's main currency, typed as text (parsed to minor units on submit), with
 * the second currency's equivalent shown under it once a rate is known.
 */
export function MoneyInput({
  value,
  onChange,
  description,
  ...props
}: { value: string; onChange: (v: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  const money = useStoreMoney();
  const details = CURRENCIES[money.main];
  let equivalent: string | null = null;
  try {
    if (value.trim()) equivalent = formatSecond(money, parseMoney(value, money.main));
  } catch {
    equivalent = null;
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={
        <Text fz="sm" fw={600} c="dimmed">
          {details.sign}
        </Text>
      }
      leftSectionWidth={details.sign.length > 2 ? 56 : 36}
      rightSection={
        <Text fz="xs" c="dimmed">
          {money.main}
        </Text>
      }
      rightSectionWidth={48}
      placeholder={details.exponent ? `0.${'0'.repeat(details.exponent)}` : '0'}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={equivalent ? `≈ ${equivalent}` : description}
      {...props}
    />
  );
}
