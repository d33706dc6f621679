import { Modal, Text } from '@mantine/core';
import { actionLacks, type ActionNeeds } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useTill, type TillUser } from '../../lib/till/till-state.ts';
import { PinEntry } from './pin-entry.tsx';

interface Props {
  store: string;
  /** What the action needs (its permission, and what it needs besides); null: closed. */
  needs: ActionNeeds | null;
  onApproved: (approver: TillUser) => void;
  onClose: () => void;
}

/**
 * Manager approval (product.md §2): the member on the till lacks part of what one action needs (a
 * refund, a discount above their maximum, a price changed by hand, an open-price item), so a
 * member who holds all of it types their PIN here; the action then carries both (userId,
 * approvedBy). The text names everything the member lacks.
 */
export function ApprovalDialog({ store, needs, onApproved, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const roster = useTill((s) => s.roster);
  const member = useTill((s) => s.member);
  const approvers = needs
    ? (roster?.members ?? []).filter(
        (m) => m.pinHash && m.userId !== member?.userId && actionLacks(m, needs).length === 0,
      )
    : [];
  const lacks = needs ? (member ? actionLacks(member, needs) : []) : [];
  const named = lacks.length > 0 ? lacks : needs ? [needs.permission] : [];
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <Modal opened={needs !== null} onClose={onClose} title={t('till.approvalTitle')} centered>
      {needs && (
        <>
          <Text size="sm" mb="md">
            {t('till.approvalWhy', {
              name: member?.name ?? '',
              permission: list.format(named.map((p) => t(`till.permission.${p}`))),
            })}
          </Text>
          <PinEntry store={store} members={approvers} approve={named[0]} onDone={onApproved} />
        </>
      )}
    </Modal>
  );
}
