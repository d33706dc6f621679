import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { Link } from '../../../lib/router/index.ts';
import { IconCart } from '../../../components/icons.tsx';

/** No till yet: what a till is, and how one is made (on the device itself, from the counter's menu). */
export function TillsEmpty({ counterPath }: { counterPath: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tills-empty">
      <Stack gap="sm">
        <Title order={3} fz={18} id="tills-empty">
          {t('tills.emptyTitle')}
        </Title>
        <Text size="sm">{t('tills.emptyWhat')}</Text>
        <Text size="sm">{t('tills.emptyHow', { counter: t('nav.counter'), menu: t('till.menu') })}</Text>
        <div>
          <Button variant="light" component={Link} to={counterPath} leftSection={<IconCart size={18} />}>
            {t('tills.openCounter')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
