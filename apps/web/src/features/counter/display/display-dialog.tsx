import { useState } from 'react';
import { Alert, Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { isNativeApp } from '../../../lib/native-platform.ts';
import { notifications } from '../../../lib/notifications.ts';
import { DisplayPairings } from '../../../components/display-pairings/display-pairings.tsx';
import { pairedIds, setDisplayOn, setPairedIds } from './display-settings.ts';
import { openDisplayWindow, windowsPossible } from './open-display-window.ts';
import { PairPanel } from './pair-panel.tsx';
import { useDisplayOn } from './use-customer-display.ts';

/**
 * The counter's "Customer display" (issue 45): a second window on this device, or a tablet or
 * phone paired by QR; the store's displays with Revoke; and turning the display off here. Loaded
 * when opened: none of it is on the counter's first load.
 */
export default function DisplayDialog({ store, onClose }: { store: string; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const on = useDisplayOn(store);
  const [opened, setOpened] = useState<'placed' | 'opened' | 'blocked' | null>(null);
  const canWindow = windowsPossible(phone, isNativeApp());

  const openWindow = async () => {
    setDisplayOn(store, true);
    setOpened(await openDisplayWindow(store));
  };
  const turnOff = () => {
    setDisplayOn(store, false);
    void import('./display-live.ts').then((m) => m.stopDisplay(store));
    notifications.show({ color: 'teal', message: t('customerDisplay.offDone') });
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('customerDisplay.title')}
      fullScreen={phone}
      size="lg"
      radius={phone ? 0 : 'lg'}
      styles={{ title: { fontWeight: 800, fontSize: 22 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('customerDisplay.intro')}
        </Text>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('customerDisplay.windowTitle')}
          </Title>
          {canWindow ? (
            <>
              <Text size="sm" c="dimmed">
                {t('customerDisplay.windowWhat')}
              </Text>
              <Button variant="light" onClick={() => void openWindow()}>
                {t('customerDisplay.windowOpen')}
              </Button>
              {opened && (
                <Alert color={opened === 'blocked' ? 'orange' : 'teal'} variant="light" role="status">
                  {t(`customerDisplay.window.${opened}`)}
                </Alert>
              )}
            </>
          ) : (
            <Alert color="gray" variant="light">
              {t('customerDisplay.windowNotHere')}
            </Alert>
          )}
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('customerDisplay.pairTitle')}
          </Title>
          <PairPanel store={store} />
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('customerDisplay.listTitle')}
          </Title>
          <DisplayPairings
            store={store}
            refetchInterval={5000}
            onRevoked={(id) =>
              setPairedIds(
                store,
                pairedIds(store).filter((x) => x !== id),
              )
            }
          />
        </Stack>
        {on && (
          <>
            <Divider />
            <Text size="sm">{t('customerDisplay.onStatus')}</Text>
            <Button variant="default" color="red" onClick={turnOff}>
              {t('customerDisplay.turnOff')}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
