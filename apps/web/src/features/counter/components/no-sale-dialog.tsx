import { useRef, useState } from 'react';
import { Alert, Text, TextInput } from '@mantine/core';
import { NO_SALE_REASON_MAX, type Approval } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApprovalDialog } from '../../../components/till/approval-dialog.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { notifications } from '../../../lib/notifications.ts';
import { tillMemberMay } from '../../../lib/till/till-state.ts';
import { openDrawerNow } from '../../../printing/receipts/cash-drawer.ts';
import { useRecordNoSale } from '../api/no-sale.ts';

const OUTCOME_COLOR = { opened: 'green', 'no-printer': 'yellow', failed: 'yellow' } as const;

/**
 * "No sale": opens the cash drawer without a sale. The server records the opening first (under the
 * member on the till, with an approval by another member's PIN when they lack NO_SALE),
 * then the drawer is kicked on the paired receipt printer; without a printer the opening is still
 * recorded and the cashier is told to use the drawer's key. One clientId per opening, kept across
 * retries of the same request, so a lost answer never records it twice.
 */
export function NoSaleDialog({ store, onClose }: { store: string; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordNoSale(store);
  const [reason, setReason] = useState('');
  const [approving, setApproving] = useState<string | null>(null);
  const attempt = useRef<{ key: string; id: string } | null>(null);

  const submit = (approval?: Approval) => {
    const content = reason.trim() ? { reason: reason.trim() } : {};
    const key = JSON.stringify(content);
    if (attempt.current?.key !== key) attempt.current = { key, id: crypto.randomUUID() };
    const clientId = attempt.current.id;
    if (!approval && !tillMemberMay(store, 'NO_SALE')) return setApproving(clientId);
    record.mutate(
      { clientId, ...content, ...(approval ? { approval } : {}) },
      {
        onSuccess: () => {
          onClose();
          void openDrawerNow().then((outcome) =>
            notifications.show({ color: OUTCOME_COLOR[outcome], message: t(`counter.noSale.${outcome}`) }),
          );
        },
      },
    );
  };

  return (
    <>
      <ConfirmDialog
        opened={approving === null}
        title={t('counter.noSale.title')}
        message={t('counter.noSale.text')}
        confirmLabel={t('counter.noSale.confirm')}
        busy={record.isPending}
        onConfirm={() => submit()}
        onCancel={onClose}
      >
        <TextInput
          label={t('counter.noSale.reason')}
          placeholder={t('counter.noSale.reasonPlaceholder')}
          value={reason}
          maxLength={NO_SALE_REASON_MAX}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {record.isError && (
          <Alert color="red" role="alert">
            <Text size="sm">{describeError(t, record.error)}</Text>
          </Alert>
        )}
      </ConfirmDialog>
      <ApprovalDialog
        store={store}
        needs={approving ? { permission: 'NO_SALE' } : null}
        clientId={approving ?? ''}
        onClose={() => setApproving(null)}
        onApproved={(approval) => {
          setApproving(null);
          submit(approval);
        }}
      />
    </>
  );
}
