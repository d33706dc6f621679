import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { TransactionLine } from '@shopdesk/shared';
import { IconMinus, IconPlus } from '../../../components/icons.tsx';
import { clampRefundQuantity, refundableOf } from '../model/refund-preview.ts';

/** How many units of one line to take back: 0 up to what has not been refunded yet. */
export function RefundStepper({
  line,
  value,
  onChange,
}: {
  line: TransactionLine;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const max = refundableOf(line);
  const set = (q: number) => onChange(clampRefundQuantity(line, q));
  return (
    <Group wrap="nowrap" gap="sm" py={6} data-testid="refund-stepper">
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {line.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('sales.upTo', { count: max })}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={40}
          disabled={value <= 0}
          onClick={() => set(value - 1)}
          aria-label={t('sales.fewer', { name: line.name })}
        >
          <IconMinus size={18} />
        </ActionIcon>
        <Text
          w={36}
          ta="center"
          fw={700}
          aria-live="polite"
          aria-label={t('sales.refundQuantityOf', { name: line.name, count: value, max })}
          data-testid="refund-quantity"
        >
          {value}
        </Text>
        <ActionIcon
          variant="default"
          size={40}
          disabled={value >= max}
          onClick={() => set(value + 1)}
          aria-label={t('sales.more', { name: line.name })}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
