import { useState } from 'react';
import { Avatar, Badge, Box, Button, Container, Group, NavLink, Paper, Stack, Switch, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { isPremium, useSession } from '../../../lib/session-store.ts';
import {
  IconChevronRight,
  IconEdit,
  IconLock,
  IconLogout,
  IconMail,
  IconPrinter,
  IconStar,
  IconStore,
} from '../../../components/icons.tsx';
import { useLogout } from '../api/logout.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { pendingSaleCount } from '../../../sync/use-sale-queue.ts';
import { paths } from '../../../lib/paths.ts';
import { useProfilePictureUrl } from '../api/profile-picture.ts';
import { initials } from '../lib/initials.ts';

/** Account overview: who is logged in, links to the account screens, navigator switch, log out. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.loggedUser);
  const premium = useSession(isPremium);
  const navigatorView = useSession((s) => s.isNavigatorView);
  const setNavigatorView = useSession((s) => s.setNavigatorView);
  const logout = useLogout();
  const picture = useProfilePictureUrl();
  // Sales not on the server yet: logging out keeps them on this device, but the user is told first.
  const [unsynced, setUnsynced] = useState(0);
  const logOut = () => {
    setUnsynced(0);
    logout.mutate(undefined, { onSettled: () => navigate(paths.auth(), { replace: true }) });
  };
  const askLogOut = async () => {
    const count = await pendingSaleCount().catch(() => 0);
    if (count > 0) setUnsynced(count);
    else logOut();
  };

  const links = [
    { to: paths.profileEdit(store), label: t('profile.edit'), text: t('profile.editText'), icon: IconEdit },
    { to: paths.profileStore(store), label: t('profile.stores'), text: t('profile.storesText'), icon: IconStore },
    { to: paths.profileSecurity(store), label: t('profile.security'), text: t('profile.securityText'), icon: IconLock },
    {
      to: paths.profilePrinters(store),
      label: t('profile.printers'),
      text: t('profile.printersText'),
      icon: IconPrinter,
    },
    {
      to: paths.profileSubscription(store),
      label: t('subscription.navLabel'),
      text: t('subscription.navText'),
      icon: IconStar,
    },
    { to: paths.profileSupport(store), label: t('support.navLabel'), text: t('support.navText'), icon: IconMail },
  ];

  return (
    <Container size={640} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Group wrap="nowrap">
            <Avatar src={picture.url} size={64} radius="xl" color="teal" variant="filled" alt="">
              {initials(user?.name ?? '')}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text fw={800} fz="xl" truncate>
                {user?.name}
              </Text>
              <Text c="dimmed" size="sm" truncate>
                {user?.email}
              </Text>
              {/* The stores (and which is the default) are in the header's store picker and on Stores. */}
              <Group gap={6} mt={6}>
                <Badge tt="none" variant={premium ? 'filled' : 'light'} color={premium ? 'yellow' : 'gray'}>
                  {premium ? t('profile.premium') : t('profile.free')}
                </Badge>
              </Group>
            </Box>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p={6}>
          {links.map((l) => (
            <NavLink
              key={l.to}
              component={Link}
              to={l.to}
              label={<Text fw={600}>{l.label}</Text>}
              description={l.text}
              leftSection={<l.icon size={22} />}
              rightSection={<IconChevronRight size={18} />}
              py="md"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Switch
            checked={navigatorView}
            onChange={(e) => setNavigatorView(e.currentTarget.checked)}
            label={t('profile.navigatorView')}
            description={t('profile.navigatorText')}
            size="md"
          />
        </Paper>
        <Button
          color="red"
          variant="light"
          size="lg"
          leftSection={<IconLogout size={20} />}
          loading={logout.isPending}
          onClick={() => void askLogOut()}
        >
          {t('profile.logout')}
        </Button>
        <ConfirmDialog
          opened={unsynced > 0}
          title={t('saleQueue.logoutTitle')}
          message={t('saleQueue.logoutText', { count: unsynced })}
          confirmLabel={t('saleQueue.logoutConfirm')}
          onConfirm={logOut}
          onCancel={() => setUnsynced(0)}
        />
      </Stack>
    </Container>
  );
}
