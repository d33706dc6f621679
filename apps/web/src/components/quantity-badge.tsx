import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/** Stock on hand: red when negative (sold more than received), grey at zero. */
export function QuantityBadge({ quantity, ...props }: { quantity: number } & BadgeProps) {
  const { t } = useTranslation();
  const color = quantity < 0 ? 'red' : quantity === 0 ? 'gray' : 'teal';
  return (
    <Badge
      color={color}
      variant={quantity < 0 ? 'filled' : 'light'}
      tt="none"
      aria-label={t('product.inStock', { count: quantity })}
      {...props}
    >
      {quantity}
    </Badge>
  );
}
