import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { minPinLength, OWNER_RIGHTS } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { useStoreRights } from '../../lib/store-rights.ts';
import { describePinError } from '../../lib/till/pin-messages.ts';
import { setMemberPin } from '../../lib/till/till-api.ts';
import { useTill } from '../../lib/till/till-state.ts';

/**
 * "My PIN": on a till, the PIN of the member unlocked there (the server lets the member token set
 * only its own member's PIN); from a person's session, their own. The length their rights need (6
 * digits for one who may approve) is asked before anything is sent.
 */
export function MyPinForm({ store }: { store: string }) {
  const { t } = useTranslation();
  const sessionUserId = useSession((s) => s.loggedUser?.userId ?? '');
  const sessionRights = useStoreRights() ?? OWNER_RIGHTS;
  const tillMember = useTill((s) => (s.tillToken ? s.member : null));
  const pinLength = minPinLength(tillMember ?? sessionRights);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (pin.length < pinLength) return setError(t('till.pinNeedsSix'));
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await setMemberPin(store, tillMember?.userId ?? sessionUserId, pin);
      if (tillMember) useTill.getState().pinRenewed();
      setPin('');
      setSaved(true);
    } catch (e) {
      setError(describePinError(t, e, 'changes'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <PasswordInput
          label={tillMember ? t('till.myPinOf', { name: tillMember.name }) : t('till.myPin')}
          description={pinLength === 6 ? t('till.pinRuleSix') : t('till.pinRule')}
          error={error}
          value={pin}
          inputMode="numeric"
          maxLength={6}
          onChange={(e) => {
            setError(null);
            setSaved(false);
            setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6));
          }}
        />
        <Button type="submit" variant="default" disabled={pin.length < 4} loading={busy}>
          {t('till.savePin')}
        </Button>
        {saved && <Alert color="green">{t('till.pinSaved')}</Alert>}
      </Stack>
    </form>
  );
}
