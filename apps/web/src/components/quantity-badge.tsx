import { Badge, type BadgeProps } from '@mantine/core';
import { formatQuantity, type ProductUnit } from '@shopdesk/shared';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/** Stock on hand: red when negative (sold more than received), grey at zero; `0.342 kg` when measured. */
export function QuantityBadge({
  quantity,
  unit = 'EACH',
  ...props
}: { quantity: number; unit?: ProductUnit | undefined } & BadgeProps) {
  const { t } = useTranslation();
  const color = quantity < 0 ? 'red' : quantity === 0 ? 'gray' : 'teal';
  return (
    <Badge
      color={color}
      variant={quantity < 0 ? 'filled' : 'light'}
      tt="none"
      aria-label={
        unit === 'EACH'
          ? t('product.inStock', { count: quantity })
          : t('productUnit.inStock', { quantity: formatQuantity(quantity, unit) })
      }
      {...props}
    >
      {formatQuantity(quantity, unit)}
    </Badge>
  );
}
