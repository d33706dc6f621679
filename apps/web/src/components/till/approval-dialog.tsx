import { Modal, Text } from '@mantine/core';
import { actionLacks, type ActionNeeds, type Approval } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useTill } from '../../lib/till/till-state.ts';
import { PinEntry } from './pin-entry.tsx';

interface Props {
  store: string;
  /** What the action needs (its permission, and what it needs besides); null: closed. */
  needs: ActionNeeds | null;
  /** The action's clientId (or a UUID made for one without): the approval is bound to it. */
  clientId: string;
  /**
   * The member on the till may approve it too (leaving till mode, its lock settings: a SETTINGS
   * PIN is asked of whoever is unlocked); otherwise only another member who has what they lack.
   */
  selfMayApprove?: boolean;
  onApproved: (approval: Approval) => void;
  onClose: () => void;
}

/**
 * Manager approval (product.md §2): the member on the till lacks part of what one action needs (a
 * refund, a discount above their maximum, a price changed by hand, an open-price item), so a
 * member who holds all of it types their PIN here. The answer is an approval for that one action:
 * the server's grant online, the approver's proof offline; the action carries it (`approval`).
 * The text names everything the member lacks.
 */
export function ApprovalDialog({ store, needs, clientId, selfMayApprove = false, onApproved, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const roster = useTill((s) => s.roster);
  const member = useTill((s) => s.member);
  const approvers = needs
    ? (roster?.members ?? []).filter(
        (m) => m.pinVerifier && (selfMayApprove || m.userId !== member?.userId) && actionLacks(m, needs).length === 0,
      )
    : [];
  const lacks = needs && member ? actionLacks(member, needs) : [];
  const named = lacks.length > 0 ? lacks : needs ? [needs.permission] : [];
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const what = list.format(named.map((p) => t(`till.permission.${p}`)));
  return (
    <Modal opened={needs !== null} onClose={onClose} title={t('till.approvalTitle')} centered>
      {needs && (
        <>
          <Text size="sm" mb="md">
            {lacks.length > 0 || !selfMayApprove
              ? t('till.approvalWhy', { name: member?.name ?? '', permission: what })
              : t('till.approvalSettings')}
          </Text>
          <PinEntry
            store={store}
            members={approvers}
            approve={{ permission: named[0]!, clientId }}
            onDone={(accepted) => accepted.approval && onApproved(accepted.approval)}
          />
        </>
      )}
    </Modal>
  );
}
