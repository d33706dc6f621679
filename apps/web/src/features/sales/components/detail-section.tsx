import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** A titled part of a sale's detail. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.5}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A label on the left and an amount on the right, the way a receipt lines them up. */
export function AmountRow({
  label,
  value,
  strong,
  dimmed,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  dimmed?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline" data-testid={testId}>
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} c={dimmed ? 'dimmed' : undefined}>
        {label}
      </Text>
      <Text
        fz={strong ? 'lg' : 'sm'}
        fw={strong ? 800 : 500}
        c={dimmed ? 'dimmed' : undefined}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}
