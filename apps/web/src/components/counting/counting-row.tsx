import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconTrash } from '../icons.tsx';

interface Props {
  /** The row's accessible name (the product's name, else its code). */
  label: string;
  /** What is counted: its name, or what stands for it while unknown. */
  title: ReactNode;
  titleColor?: string;
  code: string;
  /** After the code on its line, e.g. " · Brand · 2.50". */
  codeExtra?: string;
  /** Under the code: the count compared with what was expected (`ExpectedCount`). */
  expected?: ReactNode;
  /** The count itself: − [n] +, a weight field, or a plain field. */
  control: ReactNode;
  highlighted: boolean;
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
  /**
   * `wrap`: on a phone the name takes the line and the count goes under it, right-aligned (room
   * for − and +); `inline`: the count always beside the name.
   */
  layout?: 'wrap' | 'inline';
  /** Set as `data-code` (for a screen finding the row of a code). */
  dataCode?: string;
}

/**
 * One row of a counting list (cargo contents, a received cargo, a stock-take): what it is, how it
 * compares with what was expected, its count and a remove button; the last one counted is lit.
 */
export function CountingRow({
  label,
  title,
  titleColor,
  code,
  codeExtra,
  expected,
  control,
  highlighted,
  onRemove,
  removeLabel,
  layout = 'wrap',
  dataCode,
}: Props) {
  const wrap = layout === 'wrap';
  const remove = onRemove && (
    <ActionIcon variant="subtle" color="gray" size={44} onClick={onRemove} aria-label={removeLabel}>
      <IconTrash size={18} />
    </ActionIcon>
  );
  return (
    <Group
      component="li"
      wrap={wrap ? 'wrap' : 'nowrap'}
      justify={wrap ? 'flex-end' : undefined}
      gap={wrap ? 'xs' : 'sm'}
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: highlighted ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 300ms',
      }}
      aria-label={label}
      data-code={dataCode}
    >
      <Box style={{ flex: wrap ? '1 1 200px' : 1, minWidth: 0 }}>
        <Text fw={600} lineClamp={2} lh={1.3} c={titleColor}>
          {title}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          <Text span ff="monospace" fz="xs">
            {code}
          </Text>
          {codeExtra}
        </Text>
        {expected}
      </Box>
      {wrap ? (
        <Group gap={4} wrap="nowrap">
          {control}
          {remove}
        </Group>
      ) : (
        <>
          {control}
          {remove}
        </>
      )}
    </Group>
  );
}
