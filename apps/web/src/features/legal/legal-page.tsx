import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { Logo } from '../../components/logo.tsx';
import { isLoggedIn, useSession } from '../../lib/session-store.ts';
import { paths } from '../../lib/paths.ts';

const TERMS = ['terms1', 'terms2', 'terms3', 'terms4'] as const;
const PRIVACY = ['privacy1', 'privacy2', 'privacy3', 'privacy4'] as const;

/** Terms of use and privacy notice, public (original.md §2). */
export default function LegalPage() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const defaultStore = useSession((s) => (isLoggedIn(s) ? s.loggedUser?.defaultStore : undefined));
  return (
    <Box
      component="main"
      mih="100dvh"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      py={{ base: 'md', sm: 48 }}
    >
      <Container size={720} px={{ base: 12, sm: 'md' }}>
        <Stack gap="lg">
          <Anchor
            component={Link}
            to={loggedIn ? paths.root() : paths.auth()}
            underline="never"
            c="inherit"
            w="fit-content"
          >
            <Logo size={34} />
          </Anchor>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
            <Stack gap="md">
              <Title order={1} fz={28}>
                {t('legal.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('legal.updated')}
              </Text>
              <Title order={2} fz={20} mt="sm">
                {t('legal.termsTitle')}
              </Title>
              {TERMS.map((k) => (
                <Text key={k}>{t(`legal.${k}`)}</Text>
              ))}
              <Title order={2} fz={20} mt="sm">
                {t('legal.privacyTitle')}
              </Title>
              {PRIVACY.map((k) => (
                <Text key={k}>{t(`legal.${k}`)}</Text>
              ))}
              <Title order={2} fz={20} mt="sm" id="close-account">
                {t('legal.closeTitle')}
              </Title>
              <Text>{t('legal.close1')}</Text>
              {defaultStore && (
                <Anchor component={Link} to={paths.profileSecurity(defaultStore)} w="fit-content">
                  {t('legal.closeLink')}
                </Anchor>
              )}
            </Stack>
          </Paper>
          <Anchor component={Link} to={loggedIn ? paths.root() : paths.auth()} ta="center">
            {t('legal.back')}
          </Anchor>
        </Stack>
      </Container>
    </Box>
  );
}
