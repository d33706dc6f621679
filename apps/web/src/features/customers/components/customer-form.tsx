import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  CreateCustomerBodySchema,
  UpdateCustomerBodySchema,
  type CreateCustomerBody,
  type Customer,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

interface Props {
  customer?: Customer;
  onSubmit: (body: CreateCustomerBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Create or edit a customer, checked with the API's own schemas: a name or a phone is enough (a
 * walk-in gives one). A new customer carries a clientId made once per form, so a save whose
 * answer was lost and is pressed again creates one customer, not two.
 */
export function CustomerForm({ customer, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const editing = Boolean(customer);
  const clientId = useMemo(() => crypto.randomUUID(), []);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({
    initialValues: {
      name: customer?.name ?? '',
      nameKana: customer?.nameKana ?? '',
      phone: customer?.phone ?? '',
      email: customer?.email ?? '',
      note: customer?.note ?? '',
      marketingConsent: customer?.marketingConsent ?? false,
    },
    schema: editing ? UpdateCustomerBodySchema : CreateCustomerBodySchema,
    prepare: (v) => (editing ? v : { ...v, clientId }),
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    setPending(true);
    try {
      await onSubmit(body as CreateCustomerBody);
    } catch (error) {
      const fields = form.showApiErrors(error);
      if (error instanceof ApiRequestError && error.status === 402) setFormError(t('customers.form.freeLimit'));
      else if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && <FormError>{formError}</FormError>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('customers.fields.name')} autoComplete="off" {...form.text('name')} />
          <TextInput
            label={t('customers.fields.nameKana')}
            description={t('customers.form.kanaHelp')}
            autoComplete="off"
            {...form.text('nameKana')}
          />
          <TextInput label={t('customers.fields.phone')} type="tel" inputMode="tel" {...form.text('phone')} />
          <TextInput label={t('customers.fields.email')} type="email" inputMode="email" {...form.text('email')} />
        </SimpleGrid>
        <Textarea label={t('customers.fields.note')} autosize minRows={2} maxRows={6} {...form.text('note')} />
        <Checkbox
          label={t('customers.fields.marketingConsent')}
          description={t('customers.form.consentHelp')}
          checked={form.values.marketingConsent}
          onChange={(e) => form.setValue('marketingConsent', e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} size="md">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} size="md" {...lock}>
            {editing ? t('common.save') : t('customers.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
