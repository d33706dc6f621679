import { useState } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useCurrentStore } from '../../features/stores/index.ts';
import { IconChevronDown, IconStore } from '../../components/icons.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { usePreloaded } from '../../lib/use-preloaded.ts';

interface Props {
  store: string;
}

// The menu's code (Menu, Popover, floating-ui) is no part of any first screen: it loads when a
// pointer nears the button or it gets focus, and the first click waits for it if need be (the
// service worker precaches it, so offline it is there at once).
const loadMenu = preloadable(() => import('./store-picker-menu.tsx').then((m) => m.default));

/**
 * The header's store switcher: the open store's name, and a menu of the user's stores
 * (store-picker-menu.tsx). Until the menu's code is here the button stands alone, saying it opens
 * a menu as the menu's target does; the first click opens the menu once the code is here.
 */
export function StorePicker({ store }: Props) {
  const { t } = useTranslation();
  const current = useCurrentStore(store).data;
  const name = current?.name ?? store;
  const [opened, setOpened] = useState(false);
  // The menu's component once loaded (its target then takes over the clicks).
  const menu = usePreloaded(loadMenu);
  const StorePickerMenu = menu.value;

  const button = (
    <UnstyledButton
      aria-label={t('storePicker.button', { name })}
      aria-haspopup="menu"
      aria-expanded={false}
      {...menu.intent}
      onClick={StorePickerMenu ? undefined : () => menu.whenLoaded(() => setOpened(true))}
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
  );

  if (!StorePickerMenu) return button;
  return <StorePickerMenu store={store} target={button} opened={opened} onChange={setOpened} />;
}
