import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { DisplayPairings } from '../../../components/display-pairings/display-pairings.tsx';

/**
 * The store's paired customer displays beside its tills (issue 45): each is a device by the counter
 * too, and is revoked here as a till is. Loaded with its texts (tills-page.tsx).
 */
export default function TillDisplays({ urlName, exact }: { urlName: string; exact: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="till-displays-title" mt="md">
      <Title order={2} fz="lg" id="till-displays-title">
        {t('customerDisplay.tillsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('customerDisplay.tillsIntro')}
      </Text>
      <DisplayPairings store={urlName} exact={exact} />
    </Stack>
  );
}
