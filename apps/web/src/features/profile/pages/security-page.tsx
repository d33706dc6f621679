import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from 'react-i18next';
import { UpdatePasswordBodySchema } from '@shopdesk/shared';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { zodFieldErrors } from '../../../lib/form-errors.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PasswordStrength } from '../../../components/password-strength.tsx';
import { useUpdatePassword } from '../api/update-password.ts';
import { FormError } from '../../../components/form-error.tsx';

export default function SecurityPage() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const [v, setV] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = UpdatePasswordBodySchema.safeParse(v);
    const next = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    if (v.confirm !== v.newPassword) next.confirm = t('validation.mismatch');
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    update.mutate(parsed.data, {
      onSuccess: () => {
        setV({ currentPassword: '', newPassword: '', confirm: '' });
        notifications.show({ color: 'teal', message: t('security.changed') });
      },
      onError: (error) => {
        const fields = apiFieldErrors(t, error);
        // WRONG_PASSWORD is about the current password: say so next to that field.
        if (error instanceof Error && 'code' in error && error.code === 'WRONG_PASSWORD' && !fields.currentPassword) {
          fields.currentPassword = describeError(t, error);
        }
        setErrors(fields);
      },
    });
  };

  const set = (key: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setV((old) => ({ ...old, [key]: value }));
  };

  return (
    <PageFrame title={t('security.title')} description={t('security.text')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {update.isError && Object.keys(errors).length === 0 && (
              <FormError>{describeError(t, update.error)}</FormError>
            )}
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              value={v.currentPassword}
              onChange={set('currentPassword')}
              error={errors.currentPassword}
              required
            />
            <div>
              <PasswordField
                label={t('fields.newPassword')}
                autoComplete="new-password"
                value={v.newPassword}
                onChange={set('newPassword')}
                error={errors.newPassword}
                required
              />
              <PasswordStrength password={v.newPassword} />
            </div>
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              value={v.confirm}
              onChange={set('confirm')}
              error={errors.confirm}
              required
            />
            <Button type="submit" size="lg" loading={update.isPending}>
              {t('security.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
