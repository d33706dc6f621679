import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { asProductUnit, formatQuantity, isMeasuredUnit, type CargoContent, type ProductUnit } from '@shopdesk/shared';
import { IconTrash } from '../../../components/icons.tsx';
import { CountStepper } from './count-stepper.tsx';
import { MeasuredCount } from './measured-count.tsx';

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

/**
 * One content line being counted: what it is, and its count with − and +. A weighed line (KG, L,
 * M) shows its quantities in its unit (0.350 kg) and takes its count typed, without − and +.
 */
export function CountRow({ line, count, sent, price, highlighted, onStep, onSet, onRemove }: Props) {
  const { t } = useTranslation();
  const diff = sent === undefined ? 0 : count - sent;
  const unit = asProductUnit(line.unit);
  const measured = isMeasuredUnit(unit);
  const q = (n: number) => formatQuantity(n, unit);
  const countLabel = t(sent === undefined ? 'cargo.count.quantityOf' : 'cargo.count.receivedOf', { name: line.name });
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
            {measured ? t('cargo.count.sentMeasured', { quantity: q(sent) }) : t('cargo.count.sent', { count: sent })}
            {diff < 0
              ? ` · ${measured ? t('cargo.count.shortMeasured', { quantity: q(-diff) }) : t('cargo.diff.short', { count: -diff })}`
              : ''}
            {diff > 0
              ? ` · ${measured ? t('cargo.count.overMeasured', { quantity: q(diff) }) : t('cargo.diff.over', { count: diff })}`
              : ''}
          </Text>
        )}
      </Box>
      <Group gap={4} wrap="nowrap">
        {measured ? (
          <MeasuredCount value={count} unit={unit as Exclude<ProductUnit, 'EACH'>} label={countLabel} onSet={onSet} />
        ) : (
          <CountStepper value={count} name={line.name} label={countLabel} onStep={onStep} onSet={onSet} />
        )}
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
