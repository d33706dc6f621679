import type { ReactNode } from 'react';
import { Box, Group, Paper, Text, Title } from '@mantine/core';

/** How a list shows while its next page loads: the old rows, dimmed. */
const dim = (stale: boolean) => (stale ? 0.6 : 1);

/**
 * A list's rows as one bordered card, a line between rows (the phone layout of the list
 * screens). `stale` dims the rows while the next page loads in their place.
 */
export function CardList<T>({
  items,
  keyOf,
  label,
  stale = false,
  rowTestId,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  label: string;
  stale?: boolean;
  rowTestId?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none', overflow: 'hidden', opacity: dim(stale) }}
      aria-label={label}
    >
      {items.map((item, i) => (
        <Box
          component="li"
          key={keyOf(item)}
          data-testid={rowTestId}
          style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
        >
          {children(item)}
        </Box>
      ))}
    </Paper>
  );
}

/** The bordered card around a list's table (the wide layout), dimmed while the next page loads. */
export function TableCard({ stale = false, children }: { stale?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden', opacity: dim(stale) }}>
      {children}
    </Paper>
  );
}

/** What a list shows when it has no rows: why, and what to do about it. */
export function EmptyCard({ role, children }: { role?: 'status'; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center" role={role}>
      {children}
    </Paper>
  );
}

/**
 * A list screen's heading: its title, how many there are (`count`, null while loading: the line
 * keeps its height so nothing jumps) and the screen's buttons on the right.
 */
export function ListHeading({
  title,
  count,
  countTestId,
  children,
}: {
  title: string;
  count: string | null;
  countTestId?: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text c="dimmed" mt={4} aria-live="polite" data-testid={countTestId}>
          {count ?? '\u00a0'}
        </Text>
      </div>
      {children}
    </Group>
  );
}
