import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ROLE_MAX_DISCOUNT,
  ROLE_PERMISSIONS,
  type MemberRole,
  type Permission,
  type StoreMember,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { percentToBasisPoints, RightsFields, type RightsValue } from './rights-fields.tsx';

export interface MemberDialogResult {
  email: string;
  role: MemberRole;
  permissions: Permission[];
  maxDiscount: number;
}

interface Props {
  /** Inviting (an address to fill in) or editing this member. */
  member?: StoreMember;
  onClose: () => void;
  onSubmit: (result: MemberDialogResult) => Promise<unknown>;
  /** Where the upgrade is, offered when an invitation is refused for the free plan's member limit. */
  upgradePath?: string;
}

const defaults = (role: MemberRole): RightsValue => ({
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  maxDiscountPercent: ROLE_MAX_DISCOUNT[role] / 100,
});

/** The invite dialog (address, role, permissions, discount) and the same form to edit a member. */
export function MemberDialog({ member, onClose, onSubmit, upgradePath }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [email, setEmail] = useState('');
  const [rights, setRights] = useState<RightsValue>(
    member && member.role !== 'OWNER'
      ? { role: member.role, permissions: member.permissions, maxDiscountPercent: member.maxDiscount / 100 }
      : defaults('CASHIER'),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [planFull, setPlanFull] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const maxDiscount = percentToBasisPoints(rights.maxDiscountPercent);
    const own: Record<string, string> = {};
    if (!member && !/^\S+@\S+\.\S+$/.test(email.trim())) own.email = t('members.emailInvalid');
    if (Number.isNaN(maxDiscount)) own.maxDiscount = t('members.maxDiscountInvalid');
    setErrors(own);
    setFailure(null);
    setPlanFull(false);
    if (Object.keys(own).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ email: email.trim(), role: rights.role, permissions: rights.permissions, maxDiscount });
      onClose();
    } catch (error) {
      const fields = apiFieldErrors(t, error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(describeError(t, error));
      setPlanFull(error instanceof ApiRequestError && error.code === 'FREE_LIMIT_REACHED');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={member ? t('members.editTitle', { name: member.name }) : t('members.inviteTitle')}
      fullScreen={phone}
      size="lg"
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <FormError>{failure}</FormError>}
          {planFull && upgradePath && (
            <Anchor component={Link} to={upgradePath} size="sm" fw={700}>
              {t('subscription.upgradeLink')}
            </Anchor>
          )}
          {!member && (
            <TextInput
              label={t('fields.email')}
              description={t('members.emailHint')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              data-autofocus
            />
          )}
          <RightsFields
            value={rights}
            onRole={(role) => setRights(defaults(role))}
            onChange={setRights}
            errors={errors}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {member ? t('members.save') : t('members.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
