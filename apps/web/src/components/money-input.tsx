import type { TextInputProps } from '@mantine/core';
import { parseMoney } from '@shopdesk/shared';
import { AmountField } from './amount-field.tsx';
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
  let equivalent: string | null = null;
  try {
    if (value.trim()) equivalent = formatSecond(money, parseMoney(value, money.main));
  } catch {
    equivalent = null;
  }
  return (
    <AmountField
      currency={money.main}
      value={value}
      onChange={onChange}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={equivalent ? `≈ ${equivalent}` : description}
      {...props}
    />
  );
}
