import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCardCode } from '@shopdesk/shared';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { StoredValueEntries } from '../../../components/stored-value-entries.tsx';
import { useStoreCredit } from '../api/get-store-credit.ts';

/**
 * The customer's store credit (お預かり残高): the balance a refund paid in and the counter spends,
 * its entries, and a link to the account's own page (block, adjust). Until a refund pays into it
 * there is none, and the section says so.
 */
export function StoreCreditSection({ store, customerId }: { store: string; customerId: string }) {
  const { t } = useTranslation();
  const fmt = useStoredValueFormat();
  const credit = useStoreCredit(store, customerId);
  const account = credit.data?.account;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="store-credit">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} fz={18} id="store-credit">
            {t('giftCards.customer.title')}
          </Title>
          {account && (
            <Text fz={24} fw={800} data-testid="store-credit-balance">
              {fmt.money(account.balance, account.currency)}
            </Text>
          )}
        </div>
        {account && (
          <Anchor component={Link} to={paths.giftCardPage(store, account.code)} fz="sm" style={{ minHeight: 44 }}>
            {t('giftCards.customer.open', { code: formatCardCode(account.code) })}
          </Anchor>
        )}
      </Group>
      {credit.isPending && <Skeleton h={80} />}
      {credit.isError && <Alert color="red">{describeError(t, credit.error)}</Alert>}
      {credit.data && !account && (
        <Text fz="sm" c="dimmed">
          {t('giftCards.customer.none')}
        </Text>
      )}
      {account && credit.data && (
        <Stack gap="xs">
          <StoredValueEntries store={store} entries={credit.data.entries} currency={account.currency} />
        </Stack>
      )}
    </Paper>
  );
}
