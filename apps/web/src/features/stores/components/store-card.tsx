import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { currencyLabel, hasPermission, type VirtualStore } from '@shopdesk/shared';
import { paths } from '../../../lib/paths.ts';

interface Props {
  store: VirtualStore;
  isDefault: boolean;
  isCurrent: boolean;
  settingDefault: boolean;
  onSetDefault: () => void;
  onEdit: () => void;
}

/** One store in the list: its details, and open / edit / its counter settings / make default. */
export function StoreCard({ store, isDefault, isCurrent, settingDefault, onSetDefault, onEdit }: Props) {
  const { t, i18n } = useTranslation();
  const { store: openStore = store.urlName } = useParams();
  // Servers that predate staff send no role: every store was the user's own.
  const role = store.role ?? 'OWNER';
  const owner = role === 'OWNER';
  // Tills are for the owner and members with SETTINGS (older servers send no rights: the owner's).
  const seesTills = !store.rights || hasPermission(store.rights, 'SETTINGS');
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-label={store.name} style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={800} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {store.name}
          </Text>
          <Text c="dimmed" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            /{store.urlName}
          </Text>
          {/* Under the name, where they have the whole width: never cut to "Curr…" on a phone. */}
          <Group gap={6} mt={6}>
            <Badge
              tt="none"
              variant={owner ? 'dot' : 'light'}
              color={owner ? 'teal' : 'grape'}
              style={{ overflow: 'visible' }}
            >
              {t(`stores.role.${role}`)}
            </Badge>
            {isCurrent && (
              <Badge tt="none" variant="outline" style={{ overflow: 'visible' }}>
                {t('stores.current')}
              </Badge>
            )}
            {isDefault && (
              <Badge tt="none" style={{ overflow: 'visible' }}>
                {t('stores.default')}
              </Badge>
            )}
          </Group>
        </div>
        <Text size="sm">
          {currencyLabel(store.mainCurrency, i18n.language)}
          {store.secondCurrency ? ` · ${currencyLabel(store.secondCurrency, i18n.language)}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {[store.timezone, store.address, store.phone].filter(Boolean).join(' · ')}
        </Text>
        <Group gap="xs">
          <Button
            size="sm"
            variant="light"
            component={Link}
            to={paths.store(store.urlName)}
            aria-label={t('stores.openStore', { name: store.name })}
          >
            {t('stores.open')}
          </Button>
          {owner && (
            <Button
              size="sm"
              variant="default"
              onClick={onEdit}
              aria-label={t('stores.editStore', { name: store.name })}
            >
              {t('stores.edit')}
            </Button>
          )}
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreMembers(openStore, store.urlName)}
            aria-label={t('stores.membersOf', { name: store.name })}
          >
            {t('stores.members')}
          </Button>
          {seesTills && (
            <Button
              size="sm"
              variant="default"
              component={Link}
              to={paths.profileStoreTills(openStore, store.urlName)}
              aria-label={t('tills.linkOf', { name: store.name })}
            >
              {t('tills.link')}
            </Button>
          )}
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreSales(openStore, store.urlName)}
            aria-label={t('stores.saleSettingsOf', { name: store.name })}
          >
            {t('stores.saleSettings')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreLoyalty(openStore, store.urlName)}
            aria-label={t('loyalty.linkOf', { name: store.name })}
          >
            {t('loyalty.link')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreStoredValue(openStore, store.urlName)}
            aria-label={t('giftCards.settings.linkOf', { name: store.name })}
          >
            {t('giftCards.settings.link')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreBarcodeRules(openStore, store.urlName)}
            aria-label={t('barcodeRules.linkOf', { name: store.name })}
          >
            {t('barcodeRules.link')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={paths.profileStoreReceipt(openStore, store.urlName)}
            aria-label={t('receipts.templateOf', { name: store.name })}
          >
            {t('receipts.templateLink')}
          </Button>
          {!isDefault && (
            <Button
              size="sm"
              variant="subtle"
              onClick={onSetDefault}
              loading={settingDefault}
              aria-label={t('stores.setDefaultStore', { name: store.name })}
            >
              {t('stores.setDefault')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
