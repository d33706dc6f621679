import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { UpdatePasswordBodySchema } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PasswordStrength } from '../../../components/password-strength.tsx';
import { useUpdatePassword } from '../api/update-password.ts';
import { FormError } from '../../../components/form-error.tsx';
import { IconTrash } from '../../../components/icons.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

export default function SecurityPage() {
  const { t } = useTranslation();
  // Offline, saving is off and the offline banner says why.
  const lock = useWriteLock();
  const update = useUpdatePassword();
  const [closing, setClosing] = useState(false);
  const form = useZodForm({
    initialValues: EMPTY,
    schema: UpdatePasswordBodySchema,
    prepare: (v, fail) => {
      if (v.confirm !== v.newPassword) fail('confirm', t('validation.mismatch'));
      return v;
    },
  });

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        form.setValues(EMPTY);
        notifications.show({ color: 'teal', message: t('security.changed') });
      },
      onError: (error) => {
        const fields = form.showApiErrors(error);
        // WRONG_PASSWORD is about the current password: say so next to that field.
        if (error instanceof Error && 'code' in error && error.code === 'WRONG_PASSWORD' && !fields.currentPassword) {
          form.setErrors({ ...fields, currentPassword: describeError(t, error) });
        }
      },
    }),
  );

  return (
    <PageFrame title={t('security.title')} description={t('security.text')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {update.isError && !form.hasErrors && <FormError>{describeError(t, update.error)}</FormError>}
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              {...form.text('currentPassword')}
              required
            />
            <div>
              <PasswordField
                label={t('fields.newPassword')}
                autoComplete="new-password"
                {...form.text('newPassword')}
                required
              />
              <PasswordStrength password={form.values.newPassword} />
            </div>
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              {...form.text('confirm')}
              required
            />
            <Button type="submit" size="lg" loading={update.isPending} {...lock}>
              {t('security.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="close-account-title"
        style={{ borderColor: 'var(--mantine-color-red-outline)' }}
      >
        <Stack gap="sm" align="flex-start">
          <Title order={3} fz={18} id="close-account-title">
            {t('closeAccount.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('closeAccount.text')}
          </Text>
          <Button color="red" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => setClosing(true)}>
            {t('closeAccount.open')}
          </Button>
        </Stack>
      </Paper>
      <DeleteAccountDialog opened={closing} onClose={() => setClosing(false)} />
    </PageFrame>
  );
}
