import { ActionIcon, Burger, Group, Title, UnstyledButton } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { IconBack, IconUser } from '../../components/icons.tsx';
import { SectionTabs } from './section-tabs.tsx';
import { paths } from '../../app/paths.ts';

interface Props {
  store: string;
  navigatorAvailable: boolean;
  navigatorOpen: boolean;
  onToggleNavigator: () => void;
}

const PROFILE_RE = /^\/[^/]+\/profile(\/|$)/;
const PROFILE_ROOT_RE = /^\/[^/]+\/profile\/?$/;

/**
 * Logo and profile button; on profile screens the title "Profile" and a back button instead.
 * Back from the profile root goes home (the active tab is kept); elsewhere it is browser back.
 */
export function AppHeader({ store, navigatorAvailable, navigatorOpen, onToggleNavigator }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onProfile = PROFILE_RE.test(location.pathname);

  const back = () => {
    if (PROFILE_ROOT_RE.test(location.pathname)) navigate(paths.store(store));
    // A screen opened directly has no history inside the app; its parent is the profile root.
    else if (location.key === 'default') navigate(paths.profile(store));
    else navigate(-1);
  };

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap" style={{ flex: '1 1 0', minWidth: 0 }}>
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
            <Title order={1} fz={20} lineClamp={1}>
              {t('profile.title')}
            </Title>
          </>
        ) : (
          <UnstyledButton component={Link} to={paths.store(store)} aria-label={t('shell.home')} py={6}>
            <Logo size={30} />
          </UnstyledButton>
        )}
      </Group>
      <Group visibleFrom="sm" h="100%" py={8} style={{ flex: '0 0 auto' }}>
        <SectionTabs store={store} variant="header" />
      </Group>
      <Group justify="flex-end" style={{ flex: '1 1 0' }}>
        {!onProfile && (
          <ActionIcon
            onClick={() => navigate(paths.profile(store))}
            variant="light"
            radius="xl"
            size={44}
            aria-label={t('shell.profile')}
          >
            <IconUser size={22} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
