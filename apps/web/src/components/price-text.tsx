import { Group, Text, type TextProps } from '@mantine/core';
import { formatMain, formatSecond, useStoreMoney } from '../lib/store-money.ts';

/** A price in the main currency, with its second-currency equivalent beside it when a rate is known. */
export function PriceText({ minor, ...props }: { minor: number } & TextProps) {
  const money = useStoreMoney();
  const second = formatSecond(money, minor);
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text fw={700} {...props}>
        {formatMain(money, minor)}
      </Text>
      {second && (
        <Text c="dimmed" fz="sm">
          ≈ {second}
        </Text>
      )}
    </Group>
  );
}
