import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CargoContent } from '@shopdesk/shared';
import { IconTrash } from '../../../components/icons.tsx';
import { CountStepper } from './count-stepper.tsx';

interface Props {
  line: CargoContent;
  count: number;
  /** What the count is compared with (the sent quantity, when counting a delivery). */
  sent?: number;
  price?: string;
  highlighted: boolean;
  onStep: (delta: number) => void;
  onSet: (value: number) => void;
  onRemove?: () => void;
}

/** One content line being counted: what it is, and its count with − and +. */
export function CountRow({ line, count, sent, price, highlighted, onStep, onSet, onRemove }: Props) {
  const { t } = useTranslation();
  const diff = sent === undefined ? 0 : count - sent;
  return (
    // On a phone the name takes the line and − count + go under it, right-aligned; wider, one line.
    <Group
      component="li"
      wrap="wrap"
      justify="flex-end"
      gap="xs"
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: highlighted ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 300ms',
      }}
      aria-label={line.name}
      data-code={line.code}
    >
      <Box style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Text fw={600} lineClamp={2} lh={1.3}>
          {line.name}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          <Text span ff="monospace" fz="xs">
            {line.code}
          </Text>
          {line.brand ? ` · ${line.brand}` : ''}
          {price ? ` · ${price}` : ''}
        </Text>
        {sent !== undefined && (
          <Text fz="xs" c={diff < 0 ? 'red' : diff > 0 ? 'orange' : 'dimmed'} fw={diff ? 600 : undefined}>
            {t('cargo.count.sent', { count: sent })}
            {diff < 0 ? ` · ${t('cargo.diff.short', { count: -diff })}` : ''}
            {diff > 0 ? ` · ${t('cargo.diff.over', { count: diff })}` : ''}
          </Text>
        )}
      </Box>
      <Group gap={4} wrap="nowrap">
        <CountStepper
          value={count}
          name={line.name}
          label={t(sent === undefined ? 'cargo.count.quantityOf' : 'cargo.count.receivedOf', { name: line.name })}
          onStep={onStep}
          onSet={onSet}
        />
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            onClick={onRemove}
            aria-label={t('cargo.count.remove', { name: line.name })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
