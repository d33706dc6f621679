import { Badge, Button } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconPause } from '../../../components/icons.tsx';
import { useParkedSales } from '../api/parked-sales.ts';

/**
 * The way back to held carts, always on the counter (phone and desk, empty cart too) with how many
 * there are: after Hold the cart is gone from the screen, and F9 is no help on a phone. Offline the
 * list cannot load, so the button shows no count but still opens the drawer, which says why.
 */
export function HeldCartsButton({ store, onOpen }: { store: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const parked = useParkedSales(store, true);
  const count = parked.data?.length ?? 0;
  return (
    <Button
      variant={count > 0 ? 'light' : 'default'}
      size="sm"
      px="sm"
      leftSection={<IconPause size={16} />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle variant="filled" data-testid="held-count">
            {count}
          </Badge>
        ) : null
      }
      aria-label={t('counter.heldCount', { count })}
      onClick={onOpen}
    >
      {t('counter.heldButton')}
    </Button>
  );
}
