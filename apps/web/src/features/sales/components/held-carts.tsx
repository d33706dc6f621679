import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { countItems, type ShopTransaction } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';
import { useSalesFormat } from './use-sales-format.ts';

const SHOWN = 3;

/**
 * Carts parked at the counter and not paid yet, newest first, each with a way back to the
 * counter. A few are shown; the rest are one tap away as the list's "Held" filter.
 */
export function HeldCarts({
  store,
  carts,
  onShowAll,
}: {
  store: string;
  carts: ShopTransaction[];
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const f = useSalesFormat();
  if (carts.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="held-carts-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md" id="held-carts-title">
          {t('sales.heldCarts', { count: carts.length })}
        </Title>
        {carts.length > SHOWN && (
          <Button variant="subtle" size="xs" onClick={onShowAll}>
            {t('sales.showAllHeld')}
          </Button>
        )}
      </Group>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {carts.slice(0, SHOWN).map((cart, i) => (
          <Group
            component="li"
            key={cart.id}
            wrap="nowrap"
            gap="sm"
            py={8}
            data-testid="held-cart"
            style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fz="sm" truncate>
                {cart.lines.map((l) => l.name).join(', ')}
              </Text>
              <Text fz="xs" c="dimmed">
                {f.short(cart.updatedAt)} · {t('sales.items', { count: countItems(cart.lines) })} ·{' '}
                {f.money(cart.total, cart.currency)}
                {cart.servedBy ? ` · ${t('counter.heldBy', { name: cart.servedBy.name })}` : ''}
              </Text>
            </div>
            <Button
              component={Link}
              to={paths.shopCounter(store, cart.code)}
              size="xs"
              variant="light"
              aria-label={t('sales.reopenCode', { code: cart.code })}
            >
              {t('sales.reopen')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
