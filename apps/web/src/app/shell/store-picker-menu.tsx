import type { ReactElement } from 'react';
import { Badge, Box, Group, Loader, Menu, Text } from '@mantine/core';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { useStores } from '../../features/stores/index.ts';
import { IconCheck, IconStore } from '../../components/icons.tsx';
import { switchStorePath } from './switch-store-path.ts';
import { paths } from '../../lib/paths.ts';

interface Props {
  store: string;
  /** The header's button (store-picker.tsx), which this menu opens from. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/**
 * The store picker's menu of the user's stores, loaded the first time the picker is opened (or
 * pointed at): Menu, Popover and floating-ui stay out of every screen's first load. Choosing a
 * store opens the same section in that store (the `{store}` segment drives X-Store and every store
 * query's key, so no store's data shows under another). Names wrap instead of being cut off.
 */
export default function StorePickerMenu({ store, target, opened, onChange }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The list is fetched when the menu first opens (the first screen needs only the open store,
  // which the shell has fetched already); after that it is read from the cache.
  const stores = useStores({ enabled: opened });
  const defaultStoreId = useSession((s) => s.loggedUser?.defaultStoreId);

  const open = (urlName: string) => {
    if (urlName === store) return;
    const prefix = paths.store(store);
    const path = decodeURIComponent(location.pathname);
    const relative = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    navigate(paths.store(urlName, switchStorePath(relative, location.search)));
  };

  return (
    <Menu
      position="bottom-end"
      width={300}
      shadow="md"
      radius="md"
      // Inside the header's banner landmark rather than a portal outside every landmark (axe region).
      withinPortal={false}
      opened={opened}
      onChange={onChange}
      // Its focus placeholder (role=presentation) is not allowed inside role=menu (axe).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('storePicker.title')}</Menu.Label>
        {stores.isPending && (
          <Group justify="center" py="sm" role="status" aria-label={t('app.loading')}>
            <Loader size="sm" />
          </Group>
        )}
        {stores.isError && (
          <Text size="sm" c="red" px="sm" py={6}>
            {t('storePicker.error')}
          </Text>
        )}
        {(stores.data ?? []).map((s) => {
          const here = s.urlName === store;
          return (
            <Menu.Item
              key={s.id}
              onClick={() => open(s.urlName)}
              aria-current={here ? 'page' : undefined}
              // The menu opens on the open store (focus), so Enter or Escape changes nothing.
              data-autofocus={here || undefined}
              leftSection={
                <Box w={20} c="teal" style={{ display: 'flex' }}>
                  {here && <IconCheck size={18} />}
                </Box>
              }
              py={10}
            >
              <Text fw={here ? 700 : 500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {s.name}
              </Text>
              <Group gap={6} mt={2} wrap="wrap">
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  /{s.urlName}
                </Text>
                {s.role && s.role !== 'OWNER' && (
                  <Badge size="xs" variant="light" color="grape" tt="none" style={{ overflow: 'visible' }}>
                    {t(`storePicker.role.${s.role}`)}
                  </Badge>
                )}
                {s.id === defaultStoreId && (
                  <Badge size="xs" variant="light" tt="none" style={{ overflow: 'visible' }}>
                    {t('storePicker.default')}
                  </Badge>
                )}
              </Group>
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item leftSection={<IconStore size={18} />} onClick={() => navigate(paths.profileStore(store))} py={10}>
          {t('storePicker.manage')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
