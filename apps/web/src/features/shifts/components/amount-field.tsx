import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/** An amount of `currency` typed as text (parsed to minor units on submit), its sign and code beside it. */
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

/** Minor units of a typed amount, or null when it is not one (empty reads as zero when `emptyIsZero`). */
export function readAmount(text: string, currency: CurrencyCode, emptyIsZero = false): number | null {
  const trimmed = text.trim();
  if (!trimmed) return emptyIsZero ? 0 : null;
  const exponent = CURRENCIES[currency].exponent;
  const pattern = exponent > 0 ? new RegExp(`^\\d{1,11}(?:[.,]\\d{0,${exponent}})?$`) : /^\d{1,13}$/;
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace(',', '.').split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}
