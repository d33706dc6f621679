import { ActionIcon, Box, Burger, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useLocation, useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { Logo, LogoMark } from '../../components/logo.tsx';
import { IconBack, IconUser } from '../../components/icons.tsx';
import { SectionTabs } from './section-tabs.tsx';
import { StorePicker } from './store-picker.tsx';
import { paths } from '../../lib/paths.ts';
import { useTill } from '../../lib/till/till-state.ts';
import { useSession } from '../../lib/session-store.ts';

interface Props {
  store: string;
  navigatorAvailable: boolean;
  navigatorOpen: boolean;
  onToggleNavigator: () => void;
  /** This device is the store's till: its name instead of the store picker, tabs and profile. */
  onTill?: boolean;
}

const PROFILE_RE = /^\/[^/]+\/profile(\/|$)/;
const PROFILE_ROOT_RE = /^\/[^/]+\/profile\/?$/;

/**
 * Logo, store picker and profile button; on profile screens the title "Profile" and a back button
 * instead of the logo. Back from the profile root goes home (the active tab is kept); elsewhere it
 * is browser back. On a phone the left side takes the room it needs (the title is never cut) and
 * the store picker the rest; on desktop both sides share the room around the centred tabs.
 */
export function AppHeader({ store, navigatorAvailable, navigatorOpen, onToggleNavigator, onTill = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onProfile = PROFILE_RE.test(location.pathname);
  const tillName = useTill((s) => s.tillName);
  const storeName = useSession((s) => s.virtualStore?.name) ?? store;
  const home = onTill ? paths.shopCounter(store) : paths.store(store);

  const back = () => {
    // A till's only profile screen is its printers; the counter is where it goes back to.
    if (onTill) navigate(home);
    else if (PROFILE_ROOT_RE.test(location.pathname)) navigate(paths.store(store));
    // A screen opened directly has no history inside the app; its parent is the profile root.
    else if (location.key === 'default') navigate(paths.profile(store));
    else navigate(-1);
  };

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap" flex={{ base: '0 0 auto', sm: '1 1 0' }} miw={0}>
        {navigatorAvailable && (
          <Burger
            opened={navigatorOpen}
            onClick={onToggleNavigator}
            size="sm"
            aria-label={t(navigatorOpen ? 'shell.closeNavigator' : 'shell.openNavigator')}
          />
        )}
        {onProfile ? (
          <>
            <ActionIcon variant="subtle" color="gray" size={44} onClick={back} aria-label={t('shell.back')}>
              <IconBack size={24} />
            </ActionIcon>
            <Title order={1} fz={20} style={{ whiteSpace: 'nowrap' }}>
              {t(onTill ? 'nav.printers' : 'profile.title')}
            </Title>
          </>
        ) : (
          <UnstyledButton
            component={Link}
            to={home}
            aria-label={onTill ? t('nav.counter') : t('shell.home')}
            py={6}
            px={6}
          >
            {/* On a phone the mark alone: the store picker beside it needs the room for the name. */}
            <Box hiddenFrom="sm">
              <LogoMark size={32} />
            </Box>
            <Box visibleFrom="sm">
              <Logo size={30} />
            </Box>
          </UnstyledButton>
        )}
      </Group>
      {!onTill && (
        <Group visibleFrom="sm" h="100%" py={8} style={{ flex: '0 0 auto' }}>
          <SectionTabs store={store} variant="header" />
        </Group>
      )}
      {onTill ? (
        <Text fw={600} size="sm" ta="right" truncate miw={0}>
          {t('till.headerName', { name: tillName ?? '', store: storeName })}
        </Text>
      ) : (
        <Group justify="flex-end" wrap="nowrap" gap="xs" flex={{ base: '1 1 auto', sm: '1 1 0' }} miw={0}>
          {/* Profile screens are about the account (original.md §2: the title and a back button); on a
            phone the picker would squeeze the title, and their Stores screen switches stores. */}
          <Box miw={0} maw={{ base: '100%', sm: 260 }} visibleFrom={onProfile ? 'sm' : undefined}>
            <StorePicker store={store} />
          </Box>
          {!onProfile && (
            <ActionIcon
              onClick={() => navigate(paths.profile(store))}
              variant="light"
              radius="xl"
              size={44}
              aria-label={t('shell.profile')}
              style={{ flex: '0 0 auto' }}
            >
              <IconUser size={22} />
            </ActionIcon>
          )}
        </Group>
      )}
    </Group>
  );
}
