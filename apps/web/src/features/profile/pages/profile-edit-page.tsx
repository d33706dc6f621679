import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ProfileUpdateBodySchema, type SupportedLocale } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import i18n, { applyLocale, toSupportedLocale } from '../../../lib/i18n.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { ProfilePictureField } from '../components/profile-picture-field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

export default function ProfileEditPage() {
  const { t } = useTranslation();
  // Offline, saving is off and the offline banner says why.
  const lock = useWriteLock();
  const user = useSession((s) => s.loggedUser);
  const update = useUpdateProfile();
  const form = useZodForm({
    initialValues: { name: user?.name ?? '', locale: toSupportedLocale(user?.locale) as SupportedLocale },
    schema: ProfileUpdateBodySchema,
  });

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      // The UI has just switched to the saved language; the toast speaks it too (this render's
      // `t` is still bound to the old one).
      onSuccess: (user) =>
        void applyLocale(user.locale).then(() =>
          notifications.show({ color: 'teal', message: i18n.t('profile.saved') }),
        ),
      onError: (error) => form.showApiErrors(error),
    }),
  );

  return (
    <PageFrame title={t('profile.editTitle')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ProfilePictureField name={user?.name ?? ''} />
            {update.isError && !form.hasErrors && <FormError>{describeError(t, update.error)}</FormError>}
            <TextInput label={t('fields.name')} autoComplete="name" {...form.text('name')} required />
            <TextInput label={t('fields.email')} value={user?.email ?? ''} readOnly disabled />
            <LanguagePicker
              value={form.values.locale}
              onChange={(locale) => form.setValue('locale', locale)}
              error={form.errors.locale}
            />
            <Button type="submit" loading={update.isPending} size="lg" {...lock}>
              {t('profile.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
