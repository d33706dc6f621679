import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BlockCardBodySchema, formatCardCode, type StoredValueAccount } from '@shopdesk/shared';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useBlockAccount } from '../api/block-account.ts';
import { isLedgerRefusal, storedValueErrorText } from '../lib/error-text.ts';

/**
 * Blocks a card (lost or stolen: the counter refuses it, its balance stays) or unblocks it, with
 * the reason the audit log and the card's entries keep.
 */
export function BlockDialog({
  store,
  account,
  opened,
  onClose,
}: {
  store: string;
  account: StoredValueAccount;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const lock = useWriteLock();
  const block = useBlockAccount(store, account.code);
  const blocking = account.status !== 'BLOCKED';
  const [formError, setFormError] = useState<string>();
  const form = useZodForm({
    initialValues: { reason: '' },
    schema: BlockCardBodySchema,
    prepare: (v) => ({ blocked: blocking, reason: v.reason }),
  });
  const close = () => {
    form.setValues({ reason: '' });
    form.setErrors({});
    setFormError(undefined);
    onClose();
  };
  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    try {
      await block.mutateAsync(body);
      notifications.show({
        color: 'teal',
        message: t(blocking ? 'giftCards.block.blocked' : 'giftCards.block.unblocked', {
          code: formatCardCode(account.code),
        }),
      });
      close();
    } catch (error) {
      if (isLedgerRefusal(error) || Object.keys(form.showApiErrors(error)).length === 0)
        setFormError(storedValueErrorText(t, error));
    }
  });
  const title = t(blocking ? 'giftCards.block.titleBlock' : 'giftCards.block.titleUnblock');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      fullScreen={phone}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t(blocking ? 'giftCards.block.explainBlock' : 'giftCards.block.explainUnblock')}</Text>
          {formError && <FormError>{formError}</FormError>}
          <TextInput
            label={t('giftCards.block.reason')}
            placeholder={t(blocking ? 'giftCards.block.reasonExample' : 'giftCards.block.reasonExampleUnblock')}
            data-autofocus
            {...form.text('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={blocking ? 'red' : undefined} loading={block.isPending} {...lock}>
              {t(blocking ? 'giftCards.block.confirmBlock' : 'giftCards.block.confirmUnblock')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
