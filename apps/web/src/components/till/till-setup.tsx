import { useState } from 'react';
import { Alert, Button, Modal, NumberInput, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { minPinLength, OWNER_RIGHTS } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { describeError } from '../../lib/describe-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { useStoreRights } from '../../lib/store-rights.ts';
import { describePinError } from '../../lib/till/pin-messages.ts';
import { fetchRoster, saveTillSettings, setMemberPin } from '../../lib/till/till-api.ts';
import { isTillOf, useTill } from '../../lib/till/till-state.ts';
import { wrappingButton } from '../wrapping-button.ts';

/**
 * Till mode for this device (product.md §2), for the owner or a member with SETTINGS: one's own
 * PIN, the store's lock settings, and turning this device into the store's till (or back). On a
 * till with a member unlocked, "My PIN" is that member's (the server checks it is theirs only),
 * never the PIN of the person whose session the till runs on. Mounted while open (the counter
 * loads it then), so each opening starts from the store's settings.
 */
export function TillSetup({ store, onClose }: { store: string; onClose: () => void }) {
  const { t } = useTranslation();
  const sessionUserId = useSession((s) => s.loggedUser?.userId ?? '');
  const sessionRights = useStoreRights() ?? OWNER_RIGHTS;
  const virtualStore = useSession((s) => s.virtualStore);
  const on = useTill((s) => !!s.store) && isTillOf(store);
  const tillMember = useTill((s) => (on ? s.member : null));
  const pinLength = minPinLength(tillMember ?? sessionRights);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [lockAfterSale, setLockAfterSale] = useState(virtualStore?.lockAfterSale ?? true);
  const [idle, setIdle] = useState<number>(virtualStore?.idleLockMinutes ?? 5);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, message: string, describe = describeError) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
      setDone(message);
    } catch (e) {
      setError(describe(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('till.setupTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('till.setupHint')}</Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (pin.length < pinLength) return setPinError(t('till.pinNeedsSix'));
            void run(
              async () => {
                if (tillMember) await setMemberPin(store, tillMember.userId, pin, tillMember.userId);
                else await setMemberPin(store, sessionUserId, pin);
                if (tillMember) useTill.getState().pinRenewed();
                setPin('');
              },
              t('till.pinSaved'),
              (tr, error) => describePinError(tr, error, 'changes'),
            );
          }}
        >
          <Stack gap="xs">
            <PasswordInput
              label={tillMember ? t('till.myPinOf', { name: tillMember.name }) : t('till.myPin')}
              description={pinLength === 6 ? t('till.pinRuleSix') : t('till.pinRule')}
              error={pinError}
              value={pin}
              inputMode="numeric"
              maxLength={6}
              onChange={(e) => {
                setPinError(null);
                setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
              }}
            />
            <Button type="submit" variant="default" disabled={pin.length < 4} loading={busy}>
              {t('till.savePin')}
            </Button>
          </Stack>
        </form>
        <Switch
          label={t('till.lockAfterSale')}
          checked={lockAfterSale}
          onChange={(e) => setLockAfterSale(e.currentTarget.checked)}
        />
        <NumberInput
          label={t('till.idleMinutes')}
          description={t('till.idleHint')}
          min={0}
          max={240}
          value={idle}
          onChange={(v) => setIdle(typeof v === 'number' ? v : 0)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {done && <Alert color="green">{done}</Alert>}
        {on ? (
          <Button
            color="red"
            variant="light"
            {...wrappingButton}
            onClick={() => (useTill.getState().close(), onClose())}
          >
            {t('till.turnOff')}
          </Button>
        ) : (
          <Button
            loading={busy}
            {...wrappingButton}
            onClick={() =>
              void run(async () => {
                await saveTillSettings(store, { lockAfterSale, idleLockMinutes: idle });
                useTill.getState().open(store, await fetchRoster(store));
                onClose();
              }, t('till.turnedOn'))
            }
          >
            {t('till.turnOn')}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
