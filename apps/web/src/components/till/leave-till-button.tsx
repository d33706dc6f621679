import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Approval } from '@shopdesk/shared';
import { useNavigate } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { describeError } from '../../lib/describe-error.ts';
import { paths } from '../../lib/paths.ts';
import { forgetTill } from '../../lib/till/become-till.ts';
import { leaveTill } from '../../lib/till/till-api.ts';
import { pendingSaleCount } from '../../sync/use-sale-queue.ts';
import { wrappingButton } from '../wrapping-button.ts';
import { ApprovalDialog } from './approval-dialog.tsx';

/**
 * "Leave till mode" (product.md §2): with the PIN of a member who may change settings, whoever is
 * unlocked, the till revokes its own token (`POST /till/leave` with that approval), forgets
 * itself and goes to the login page. Not while its sales still wait to be sent: only the till's
 * token could send them under their members' names.
 */
export function LeaveTillButton({ store }: { store: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [approving, setApproving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setError(null);
    const waiting = await pendingSaleCount().catch(() => 0);
    if (waiting > 0) return setError(t('till.salesWaitingLeave', { count: waiting }));
    setApproving(crypto.randomUUID());
  };
  const leave = async (approval: Approval) => {
    setBusy(true);
    try {
      await leaveTill(approval);
      forgetTill();
      qc.clear();
      navigate(paths.auth(), { replace: true });
    } catch (e) {
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button color="red" variant="light" loading={busy} {...wrappingButton} onClick={() => void ask()}>
        {t('till.turnOff')}
      </Button>
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'SETTINGS' } : null}
        clientId={approving ?? ''}
        selfMayApprove
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          setApproving(null);
          void leave(approval);
        }}
      />
    </Stack>
  );
}
