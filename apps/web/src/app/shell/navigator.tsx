import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Box, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { IconStar } from '../../components/icons.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { usePreloaded } from '../../lib/use-preloaded.ts';
import { may, screenNeed, useStoreRights } from '../../lib/store-rights.ts';
import { NAV_ITEMS, NAV_LEAVES, type NavItem } from './nav-items.ts';
import { paths } from '../../lib/paths.ts';
import { isTill, useTill } from '../../lib/till/till-state.ts';
import { isTillScreen } from '../../lib/till/till-screens.ts';

interface Props {
  store: string;
  /** Called after a link is followed, so the phone drawer can close. */
  onNavigate: () => void;
}

/**
 * The entry of the screen at `pathname`: the leaf whose path is the longest whole-segment prefix
 * of it, so stock/scan/4901… highlights Scan and profile/edit highlights Profile. Home only matches
 * itself.
 */
export function activeLeaf(pathname: string, storeHome: string): NavItem | undefined {
  const rest = pathname.startsWith(storeHome) ? pathname.slice(storeHome.length).replace(/^\/|\/$/g, '') : null;
  if (rest === null) return undefined;
  let best: NavItem | undefined;
  for (const item of NAV_LEAVES) {
    const matches = item.path === '' ? rest === '' : rest === item.path || rest.startsWith(`${item.path}/`);
    if (matches && (!best || item.path.length > best.path.length)) best = item;
  }
  return best;
}

// Mantine's ScrollArea is no part of the first load: the navigator shows at once in a native
// scroller that hides its bar as ScrollArea does when still, and takes ScrollArea once loaded.
const loadScrollArea = preloadable(() => import('./navigator-scroll-area.tsx').then((m) => m.default));

function NativeScroll({ children }: { children: ReactNode }) {
  return (
    <Box h="100%" style={{ overflowX: 'hidden', overflowY: 'auto', scrollbarWidth: 'none' }}>
      {children}
    </Box>
  );
}

/**
 * Side menu of every section, with the user's starred favourites on top. On a till, only the
 * till's screens (lib/till/till-screens.ts), without favourites: the device is shared.
 */
export function Navigator({ store, onNavigate }: Props) {
  const { t } = useTranslation();
  const onTill = useTill(isTill);
  const { pathname } = useLocation();
  const favorites = useSession((s) => s.navFavoriteList);
  const toggle = useSession((s) => s.toggleNavFavorite);
  const href = (item: NavItem) => paths.store(store, item.path);
  const active = activeLeaf(pathname, paths.store(store));
  const isActive = (item: NavItem) => item.id === active?.id;
  const scrollArea = usePreloaded(loadScrollArea);
  const { whenLoaded } = scrollArea;
  useEffect(() => whenLoaded(), [whenLoaded]);
  const Scroll = scrollArea.value ?? NativeScroll;

  const renderLeaf = (item: NavItem, keyPrefix = '') => {
    const starred = favorites.includes(item.id);
    const name = t(item.name);
    if (!item.ready) {
      // Not built yet: shown so the owner knows it is coming, but nothing to open or pin.
      return (
        <NavLink
          key={keyPrefix + item.id}
          component="div"
          label={name}
          description={t('nav.comingSoon')}
          leftSection={<item.icon size={20} />}
          disabled
          py={10}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      );
    }
    return (
      <Group key={keyPrefix + item.id} gap={0} wrap="nowrap">
        <NavLink
          component={Link}
          to={href(item)}
          label={name}
          leftSection={<item.icon size={20} />}
          active={isActive(item)}
          aria-current={isActive(item) ? 'page' : undefined}
          onClick={onNavigate}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          py={10}
        />
        {!onTill && (
          <ActionIcon
            variant="subtle"
            color={starred ? 'yellow' : 'gray'}
            size="lg"
            aria-label={t(starred ? 'nav.removeFavorite' : 'nav.addFavorite', { name })}
            aria-pressed={starred}
            onClick={() => toggle(item.id)}
          >
            <IconStar size={18} filled={starred} />
          </ActionIcon>
        )}
      </Group>
    );
  };

  // Only what this member may open (lib/store-rights.ts); a group with nothing left goes too.
  const rights = useStoreRights();
  const opens = (item: NavItem) => (onTill ? isTillScreen(item.path) : !rights || may(rights, screenNeed(item.path)));
  const items = NAV_ITEMS.flatMap((item) => {
    if (!item.children) return opens(item) ? [item] : [];
    const children = item.children.filter(opens);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
  const favoriteItems = NAV_LEAVES.filter((i) => i.ready && opens(i) && favorites.includes(i.id));

  return (
    <Scroll>
      <Stack gap="lg" p="sm" component="nav" aria-label={t('shell.navigator')}>
        {!onTill && (
          <Box>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t('nav.favorites')}
            </Text>
            {favoriteItems.length === 0 ? (
              <Text size="sm" c="dimmed" px="sm">
                {t('nav.noFavorites')}
              </Text>
            ) : (
              favoriteItems.map((i) => renderLeaf(i, 'fav-'))
            )}
          </Box>
        )}
        {items.map((item) =>
          item.children ? (
            <Box key={item.id}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {t(item.name)}
              </Text>
              {item.children.map((c) => renderLeaf(c))}
            </Box>
          ) : (
            renderLeaf(item)
          ),
        )}
      </Stack>
    </Scroll>
  );
}
