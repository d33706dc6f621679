import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ProfileUpdateBodySchema, type SupportedLocale } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import i18n, { applyLocale, toSupportedLocale } from '../../../lib/i18n.ts';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { zodFieldErrors } from '../../../lib/form-errors.ts';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { FormError } from '../../../components/form-error.tsx';

export default function ProfileEditPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.loggedUser);
  const update = useUpdateProfile();
  const [name, setName] = useState(user?.name ?? '');
  const [locale, setLocale] = useState<SupportedLocale>(toSupportedLocale(user?.locale));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProfileUpdateBodySchema.safeParse({ name, locale });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    setErrors({});
    update.mutate(parsed.data, {
      // The UI has just switched to the saved language; the toast speaks it too (this render's
      // `t` is still bound to the old one).
      onSuccess: (user) =>
        void applyLocale(user.locale).then(() =>
          notifications.show({ color: 'teal', message: i18n.t('profile.saved') }),
        ),
      onError: (error) => setErrors(apiFieldErrors(t, error)),
    });
  };

  return (
    <PageFrame title={t('profile.editTitle')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {update.isError && Object.keys(errors).length === 0 && (
              <FormError>{describeError(t, update.error)}</FormError>
            )}
            <TextInput
              label={t('fields.name')}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
            />
            <TextInput label={t('fields.email')} value={user?.email ?? ''} readOnly disabled />
            <LanguagePicker value={locale} onChange={setLocale} error={errors.locale} />
            <Button type="submit" loading={update.isPending} size="lg">
              {t('profile.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
