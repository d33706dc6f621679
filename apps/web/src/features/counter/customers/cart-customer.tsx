import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconUser } from '../../../components/icons.tsx';
import { LOCAL_CUSTOMER_PREFIX } from '../../../sync/sale-queue-db.ts';
import type { CartCustomerState } from './use-cart-customer.ts';

/**
 * The cart's customer: a "Customer" button while none is attached; then the name, member code,
 * points balance and what this sale earns, with Change and Remove (before payment).
 */
export function CartCustomer({ state, onOpen }: { state: CartCustomerState; onOpen: () => void }) {
  const { t } = useTranslation();
  const { customer, loyalty, earns } = state;
  if (!customer) {
    return (
      <Button
        variant="default"
        leftSection={<IconUser size={18} />}
        onClick={onOpen}
        data-testid="cart-customer-add"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('counterCustomer.add')}
      </Button>
    );
  }
  const pending = customer.id.startsWith(LOCAL_CUSTOMER_PREFIX);
  return (
    <Paper withBorder radius="md" px="sm" py={8} data-testid="cart-customer" aria-label={t('counterCustomer.label')}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconUser size={22} style={{ flexShrink: 0 }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} truncate data-testid="cart-customer-name">
              {customer.name || (customer.phoneLast4 ? `…${customer.phoneLast4}` : customer.code)}
            </Text>
            <Group gap={6} wrap="wrap">
              {customer.code ? (
                <Text size="xs" c="dimmed">
                  {customer.code}
                </Text>
              ) : null}
              {pending ? (
                <Badge size="xs" color="orange" variant="light">
                  {t('counterCustomer.pending')}
                </Badge>
              ) : null}
              {loyalty.enabled ? (
                <Text size="xs" fw={600} data-testid="cart-customer-points">
                  {t('counterCustomer.balance', { count: customer.pointsBalance })}
                </Text>
              ) : null}
              {loyalty.enabled && earns > 0 ? (
                <Text size="xs" c="teal.8" fw={600} data-testid="cart-customer-earns">
                  {t('counterCustomer.earns', { count: earns })}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onOpen}>
            {t('counterCustomer.change')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={state.remove}>
            {t('counterCustomer.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
