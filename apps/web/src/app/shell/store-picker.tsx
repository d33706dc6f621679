import { useState } from 'react';
import { Badge, Box, Group, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCurrentStore, useStores } from '../../features/stores/index.ts';
import { IconCheck, IconChevronDown, IconStore } from '../../components/icons.tsx';
import { switchStorePath } from './switch-store-path.ts';
import { paths } from '../../app/paths.ts';

interface Props {
  store: string;
}

/**
 * The header's store switcher: the open store's name, and a menu of the user's stores. Choosing one
 * opens the same section in that store (the `{store}` segment drives X-Store and every store
 * query's key, so no store's data shows under another). Names wrap instead of being cut off.
 */
export function StorePicker({ store }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // The list is fetched when the menu first opens (the first screen needs only the open store,
  // which the shell has fetched already); after that it is read from the cache.
  const stores = useStores({ enabled: opened });
  const defaultStoreId = useSession((s) => s.loggedUser?.defaultStoreId);
  const current = useCurrentStore(store).data;
  const name = current?.name ?? store;

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
      onChange={setOpened}
      // Its focus placeholder (role=presentation) is not allowed inside role=menu (axe).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          aria-label={t('storePicker.button', { name })}
          px={8}
          py={4}
          mih={44}
          maw="100%"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Box c="teal" style={{ flex: '0 0 auto', display: 'flex' }}>
            <IconStore size={20} />
          </Box>
          <Text
            fw={700}
            fz={14}
            lh={1.2}
            lineClamp={2}
            style={{ minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start' }}
          >
            {name}
          </Text>
          <Box c="dimmed" style={{ flex: '0 0 auto', display: 'flex' }}>
            <IconChevronDown size={16} />
          </Box>
        </UnstyledButton>
      </Menu.Target>
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
