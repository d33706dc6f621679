import { useState } from 'react';
import { Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  CreateStoreBodySchema,
  UpdateStoreBodySchema,
  type CreateStoreBody,
  type CurrencyCode,
  type UpdateStoreBody,
  type VirtualStore,
} from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { browserTimezone } from '../../../lib/timezones.ts';
import { guessCurrency } from '../../../lib/default-currency.ts';
import { CurrencyPairFields } from '../../../components/currency-pair-fields.tsx';
import { TimezoneSelect } from '../../../components/timezone-select.tsx';
import { StoreNameFields } from '../../../components/store-name-fields.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

type Props =
  | { mode: 'create'; onSubmit: (body: CreateStoreBody) => Promise<unknown>; onCancel: () => void }
  | { mode: 'edit'; store: VirtualStore; onSubmit: (body: UpdateStoreBody) => Promise<unknown>; onCancel: () => void };

/** Create or edit a store. The URL name is chosen once, at creation. */
export function StoreForm(props: Props) {
  const { t } = useTranslation();
  // Offline, saving is off and the offline banner says why.
  const lock = useWriteLock();
  const initial = props.mode === 'edit' ? props.store : null;
  const form = useZodForm({
    // A mounted form keeps its mode: creating checks the URL name too, editing never sends it.
    schema: props.mode === 'create' ? CreateStoreBodySchema : UpdateStoreBodySchema,
    prepare: ({ urlName, ...details }) => (props.mode === 'create' ? { ...details, urlName } : details),
    initialValues: {
      name: initial?.name ?? '',
      urlName: initial?.urlName ?? '',
      mainCurrency: (initial?.mainCurrency ?? guessCurrency()) as CurrencyCode | null,
      secondCurrency: (initial?.secondCurrency ?? null) as CurrencyCode | null,
      timezone: initial?.timezone ?? browserTimezone(),
      address: initial?.address ?? '',
      phone: initial?.phone ?? '',
    },
  });
  const { values: v, errors, setValue: set } = form;
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    setPending(true);
    try {
      // The discriminated props guarantee the body matches the mode.
      await (props.onSubmit as (b: unknown) => Promise<unknown>)(body);
    } catch (error) {
      const fields = form.showApiErrors(error);
      if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && <FormError>{formError}</FormError>}
        <StoreNameFields
          name={v.name}
          urlName={v.urlName}
          onNameChange={(name) => set('name', name)}
          onUrlNameChange={(urlName) => set('urlName', urlName)}
          errors={errors}
          urlNameEditable={props.mode === 'create'}
          autoFocus
        />
        <Divider label={t('stores.currencies')} labelPosition="left" />
        <CurrencyPairFields
          main={v.mainCurrency}
          second={v.secondCurrency}
          onMainChange={(c) => set('mainCurrency', c)}
          onSecondChange={(c) => set('secondCurrency', c)}
          errors={errors}
          mainDescription={props.mode === 'edit' ? t('stores.mainCurrencyNote') : undefined}
        />
        <Divider label={t('stores.location')} labelPosition="left" />
        <TimezoneSelect value={v.timezone} onChange={(tz) => set('timezone', tz)} error={errors.timezone} />
        <TextInput
          label={t('fields.address')}
          description={t('fields.optional')}
          autoComplete="street-address"
          value={v.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
        />
        <TextInput
          label={t('fields.phone')}
          description={t('fields.optional')}
          type="tel"
          autoComplete="tel"
          value={v.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t('stores.cancel')}
          </Button>
          <Button type="submit" loading={pending} {...lock}>
            {t('stores.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
