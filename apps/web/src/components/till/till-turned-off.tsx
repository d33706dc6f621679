import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { forgetTill } from '../../lib/till/become-till.ts';
import { useTill } from '../../lib/till/till-state.ts';
import { IconLock } from '../icons.tsx';

/**
 * What a till shows once the owner or a manager turned it off (the server answered 401
 * TILL_REVOKED): on every screen, after a reload too, until someone chooses to log in. Nothing of
 * the store stays reachable; the device is an ordinary one again after that.
 */
export function TillTurnedOff() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const name = useTill((s) => s.tillName);
  const urlName = useTill((s) => s.store);
  const store = useSession((s) => s.virtualStore?.name) ?? urlName ?? '';
  return (
    <Center mih="100dvh" py={64} px="md">
      <Stack align="center" gap="md" maw={440} ta="center" role="alert">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('till.turnedOffTitle')}
        </Title>
        <Text c="dimmed">{t('till.turnedOffText', { name: name || t('till.thisTill'), store })}</Text>
        <Button
          size="md"
          onClick={() => {
            forgetTill();
            qc.clear();
            navigate(paths.auth(), { replace: true });
          }}
        >
          {t('till.turnedOffLogIn')}
        </Button>
      </Stack>
    </Center>
  );
}
