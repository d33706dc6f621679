import { useState } from 'react';
import { Alert, Button, NumberInput, Stack, Switch } from '@mantine/core';
import { hasPermission, type Approval, type TillSettings } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { describeError } from '../../lib/describe-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { saveTillSettings } from '../../lib/till/till-api.ts';
import { useTill } from '../../lib/till/till-state.ts';
import { ApprovalDialog } from './approval-dialog.tsx';

/**
 * The store's lock settings: lock after each sale, and after so many idle minutes. On a till they
 * are the store's settings, so a member without SETTINGS saves them with the PIN of one who has it.
 */
export function LockSettingsForm({ store }: { store: string }) {
  const { t } = useTranslation();
  const onTill = useTill((s) => !!s.tillToken);
  const roster = useTill((s) => s.roster);
  const member = useTill((s) => s.member);
  const virtualStore = useSession((s) => s.virtualStore);
  const [lockAfterSale, setLockAfterSale] = useState(roster?.lockAfterSale ?? virtualStore?.lockAfterSale ?? true);
  const [idle, setIdle] = useState<number>(roster?.idleLockMinutes ?? virtualStore?.idleLockMinutes ?? 5);
  const [approving, setApproving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (approval?: Approval) => {
    const body: TillSettings = { lockAfterSale, idleLockMinutes: idle };
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const after = await saveTillSettings({ ...body, ...(approval ? { approval } : {}) });
      if (onTill) useTill.getState().setRoster(after);
      setSaved(true);
    } catch (e) {
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  };
  const ask = () => {
    if (onTill && !(member && hasPermission(member, 'SETTINGS'))) return setApproving(crypto.randomUUID());
    void save();
  };

  return (
    <Stack gap="xs">
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
      <Button variant="default" loading={busy} onClick={ask}>
        {t('till.saveLockSettings')}
      </Button>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {saved && <Alert color="green">{t('till.lockSettingsSaved')}</Alert>}
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'SETTINGS' } : null}
        clientId={approving ?? ''}
        selfMayApprove
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          setApproving(null);
          void save(approval);
        }}
      />
    </Stack>
  );
}
