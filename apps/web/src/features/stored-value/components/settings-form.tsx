import { useState } from 'react';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { notificationApplies, StoredValueSettingsSchema, type StoredValueSettings } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useSaveStoredValueSettings } from '../api/stored-value-settings.ts';
import { storedValueErrorText } from '../lib/error-text.ts';

/**
 * A store's gift card settings: whether new cards expire six months after issue (with why, in a yen
 * store's words: the Payment Services Act), and what printed cards and receipts say about where the
 * card is usable and whom to ask.
 */
export function StoredValueSettingsForm({
  urlName,
  storeName,
  currency,
  settings,
}: {
  urlName: string;
  storeName: string;
  currency: string;
  settings: StoredValueSettings;
}) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const save = useSaveStoredValueSettings(urlName);
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({ initialValues: settings, schema: StoredValueSettingsSchema });
  const japan = notificationApplies(currency);

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(body);
      notifications.show({ color: 'teal', message: t('giftCards.settings.saved') });
    } catch (error) {
      if (Object.keys(form.showApiErrors(error)).length === 0) setFormError(storedValueErrorText(t, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError && <FormError>{formError}</FormError>}
        <Switch
          label={t('giftCards.settings.expire')}
          description={
            <>
              {t(japan ? 'giftCards.settings.expireWhyJapan' : 'giftCards.settings.expireWhy')}
              <br />
              {t('giftCards.settings.expireExisting')}
            </>
          }
          checked={form.values.expireAfterSixMonths}
          onChange={(e) => form.setValue('expireAfterSixMonths', e.currentTarget.checked)}
          size="md"
        />
        <TextInput
          label={t('giftCards.settings.usableAt')}
          description={t('giftCards.settings.usableAtHelp')}
          placeholder={t('giftCards.settings.usableAtDefault', { name: storeName })}
          {...form.text('usableAt')}
        />
        <TextInput
          label={t('giftCards.settings.contact')}
          description={t('giftCards.settings.contactHelp')}
          placeholder={t('giftCards.settings.contactPlaceholder')}
          {...form.text('contact')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} size="md" {...lock}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
