import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/**
 * An amount of `currency` typed as text (parsed to minor units on submit), its sign and code beside
 * it. MoneyInput is this field in the store's main currency.
 */
export function AmountField({
  currency,
  value,
  onChange,
  ...props
}: { currency: CurrencyCode; value: string; onChange: (v: string) => void } & Omit<
  TextInputProps,
  'value' | 'onChange'
>) {
  const details = CURRENCIES[currency];
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
          {currency}
        </Text>
      }
      rightSectionWidth={48}
      placeholder={details.exponent ? `0.${'0'.repeat(details.exponent)}` : '0'}
      {...props}
    />
  );
}
