import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { IconAlert } from '../components/icons.tsx';

/**
 * In place of a screen that failed (lib/router): most often its code would not load, offline or
 * after a new version replaced the old files. Reloading the page fetches the current version; the
 * header and navigation around it still work.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="md" maw={420} ta="center" role="alert">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden="true">
          <IconAlert size={32} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('errors.title')}
        </Title>
        <Text c="dimmed">{t('errors.screenFailed')}</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
