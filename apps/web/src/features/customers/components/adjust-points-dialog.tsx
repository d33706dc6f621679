import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AdjustPointsBodySchema, type Customer } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useAdjustPoints } from '../api/adjust-points.ts';
import { readPoints } from '../lib/read-points.ts';

/**
 * The owner's manual points change (a goodwill gift, a correction), with the reason the audit log
 * and the customer's history keep. The balance never goes below zero: the new balance shows before
 * saving, and the server refuses it too.
 */
export function AdjustPointsDialog({
  store,
  customer,
  opened,
  onClose,
}: {
  store: string;
  customer: Customer;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const lock = useWriteLock();
  const adjust = useAdjustPoints(store);
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({
    initialValues: { points: '', reason: '' },
    schema: AdjustPointsBodySchema,
    prepare: (v, fail) => {
      const points = readPoints(v.points);
      if (points === null) fail('points', t('customers.adjust.pointsInvalid'));
      else if (customer.pointsBalance + points < 0)
        fail('points', t('customers.adjust.belowZero', { balance: customer.pointsBalance }));
      return { points: points ?? 0, reason: v.reason };
    },
  });
  const typed = readPoints(form.values.points);
  const after = typed === null ? null : customer.pointsBalance + typed;
  const n = (v: number) => v.toLocaleString(i18n.language);
  const close = () => {
    form.setValues({ points: '', reason: '' });
    form.setErrors({});
    setFormError(undefined);
    onClose();
  };

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await adjust.mutateAsync({ id: customer.id, body });
      notifications.show({ color: 'teal', message: t('customers.adjust.saved', { balance: n(saved.pointsBalance) }) });
      close();
    } catch (error) {
      if (Object.keys(form.showApiErrors(error)).length === 0) setFormError(describeError(t, error));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('customers.adjust.title')}
      fullScreen={phone}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('customers.adjust.balance', { balance: n(customer.pointsBalance) })}</Text>
          {formError && <FormError>{formError}</FormError>}
          <TextInput
            label={t('customers.adjust.points')}
            description={t('customers.adjust.pointsHelp')}
            inputMode="numeric"
            data-autofocus
            {...form.text('points')}
          />
          <TextInput label={t('customers.adjust.reason')} {...form.text('reason')} />
          <Text fz="sm" c="dimmed" aria-live="polite">
            {after !== null && after >= 0 ? t('customers.adjust.after', { balance: n(after) }) : '\u00a0'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending} {...lock}>
              {t('customers.adjust.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
