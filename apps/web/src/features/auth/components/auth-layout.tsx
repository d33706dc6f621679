import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { Logo } from '../../../components/logo.tsx';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { toSupportedLocale } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { paths } from '../../../lib/paths.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** Frame of the account screens: logo, a card with the form, language picker and legal link. */
export function AuthLayout({ title, subtitle, children, width = 440 }: Props) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const setLocale = useSession((s) => s.setUserLocale);
  return (
    <Box
      component="main"
      mih="100dvh"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      py={{ base: 'md', sm: 48 }}
      px={{ base: 12, sm: 'md' }}
    >
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Logo size={34} />
            <LanguagePicker
              value={toSupportedLocale(locale)}
              onChange={setLocale}
              size="sm"
              w={130}
              label={undefined}
              aria-label={t('language.label')}
            />
          </Group>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
            <Stack gap="lg">
              <Box>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" mt={6}>
                    {subtitle}
                  </Text>
                )}
              </Box>
              {children}
            </Stack>
          </Paper>
          <Text ta="center" size="sm" c="dimmed">
            <Anchor component={Link} to={paths.legal()} c="dimmed" underline="always">
              {t('legal.title')}
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
