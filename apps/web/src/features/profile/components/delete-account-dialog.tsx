import { List, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '../../../lib/notifications.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { DeleteAccountBodySchema } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useStores } from '../api/list-stores.ts';
import { paths } from '../../../lib/paths.ts';
import i18n from '../../../lib/i18n.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/**
 * Says exactly what closing the account deletes (naming the stores), asks for the password again,
 * then deletes it and goes to the login screen with a toast. Nothing happens before the password
 * is confirmed by the server.
 */
export function DeleteAccountDialog({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSession((s) => s.loggedUser?.email ?? '');
  const stores = useStores(opened);
  const remove = useDeleteAccount();
  const qc = useQueryClient();
  const form = useZodForm({ initialValues: { password: '' }, schema: DeleteAccountBodySchema });
  const names = stores.data?.map((s) => s.name).join(', ') ?? '';

  const cancel = () => {
    form.setValues({ password: '' });
    form.setErrors({});
    remove.reset();
    onClose();
  };

  const confirm = form.onSubmit((body) =>
    remove.mutate(body, {
      onSuccess: () => {
        // The account is gone on the server: this device forgets it and its data too.
        useSession.getState().clearSession();
        qc.clear();
        navigate(paths.auth(), { replace: true });
        notifications.show({ color: 'teal', message: i18n.t('closeAccount.done') });
      },
      onError: (error) => form.showApiErrors(error),
    }),
  );

  return (
    <ConfirmDialog
      opened={opened}
      title={t('closeAccount.confirmTitle')}
      message={<Text>{t('closeAccount.intro')}</Text>}
      confirmLabel={t('closeAccount.confirm')}
      danger
      busy={remove.isPending}
      onConfirm={() => confirm()}
      onCancel={cancel}
    >
      <List spacing={4} size="sm" withPadding>
        <List.Item>
          {stores.data ? t('closeAccount.stores', { count: stores.data.length, names }) : t('closeAccount.storesAll')}
        </List.Item>
        <List.Item>{t('closeAccount.products')}</List.Item>
        <List.Item>{t('closeAccount.receipts')}</List.Item>
        <List.Item>{t('closeAccount.files')}</List.Item>
        <List.Item>{t('closeAccount.sessions')}</List.Item>
        <List.Item>{t('closeAccount.profile', { email })}</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        {t('closeAccount.after')}
      </Text>
      {remove.isError && !form.hasErrors && <FormError>{describeError(t, remove.error)}</FormError>}
      <PasswordField
        label={t('closeAccount.password')}
        autoComplete="current-password"
        {...form.text('password')}
        required
      />
    </ConfirmDialog>
  );
}
