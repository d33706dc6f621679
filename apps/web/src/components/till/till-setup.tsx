import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { isTillOf, useTill } from '../../lib/till/till-state.ts';
import { LeaveTillButton } from './leave-till-button.tsx';
import { LockSettingsForm } from './lock-settings-form.tsx';
import { MakeTillForm } from './make-till-form.tsx';
import { MyPinForm } from './my-pin-form.tsx';

/**
 * Till mode for this device (product.md §2). From a person's session (the owner or a member with
 * SETTINGS): one's own PIN, the store's lock settings, and turning this device into a till. On a
 * till, with a member unlocked: that member's own PIN, the lock settings and leaving till mode,
 * both with the PIN of a member who may change settings. Mounted while open (the counter loads it
 * then), so each opening starts from the store's settings.
 */
export function TillSetup({ store, onClose }: { store: string; onClose: () => void }) {
  const { t } = useTranslation();
  const onTill = useTill((s) => !!s.tillToken) && isTillOf(store);
  return (
    <Modal opened onClose={onClose} title={t('till.setupTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{onTill ? t('till.setupHintOnTill') : t('till.setupHint')}</Text>
        <MyPinForm store={store} />
        <Divider />
        <LockSettingsForm store={store} />
        <Divider />
        {onTill ? <LeaveTillButton store={store} /> : <MakeTillForm store={store} onDone={onClose} />}
      </Stack>
    </Modal>
  );
}
