import { useState } from 'react';
import { Button, FileButton, Group, Switch, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@shopdesk/shared';
import { describeError } from '../../../lib/describe-error.ts';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRemoveReceiptLogo, useUploadReceiptLogo } from '../api/receipt-logo.ts';

interface Props {
  store: string;
  imageId: string;
  uploaded: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The logo switch, with the upload of the store's receipt image (original.md §3) beside it. The
 * switch can be turned on only once an image exists, so a receipt never promises a missing logo.
 */
export function LogoField({ store, imageId, uploaded, checked, onChange }: Props) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const upload = useUploadReceiptLogo();
  const remove = useRemoveReceiptLogo();
  const [confirming, setConfirming] = useState(false);
  const removeLogo = () =>
    remove.mutate(
      { store, imageId },
      {
        onSuccess: () => {
          setConfirming(false);
          onChange(false);
          notifications.show({ color: 'teal', message: t('profilePhoto.logoRemoved') });
        },
        onError: (error) => {
          setConfirming(false);
          notifications.show({ color: 'red', message: describeError(t, error) });
        },
      },
    );
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      notifications.show({ color: 'red', message: t('receipts.logoTooLarge') });
      return;
    }
    upload.mutate(
      { store, imageId, image: file },
      {
        onSuccess: () => {
          onChange(true);
          notifications.show({ color: 'teal', message: t('receipts.logoUploaded') });
        },
        onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
      },
    );
  };
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Switch
          label={t('receipts.showLogo')}
          checked={uploaded && checked}
          disabled={!uploaded}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <Group gap={6} wrap="nowrap">
          {uploaded && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} {...lock}>
              {t('profilePhoto.remove')}
            </Button>
          )}
          <FileButton onChange={pick} accept={IMAGE_MIME_TYPES.join(',')}>
            {(props) => (
              <Button size="xs" variant="default" loading={upload.isPending} {...props} {...lock}>
                {uploaded ? t('receipts.replaceLogo') : t('receipts.uploadLogo')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        {uploaded ? t('receipts.logoHint') : t('receipts.noLogoYet')}
      </Text>
      <ConfirmDialog
        opened={confirming}
        danger
        busy={remove.isPending}
        title={t('profilePhoto.logoRemoveTitle')}
        message={t('profilePhoto.logoRemoveText')}
        confirmLabel={t('profilePhoto.remove')}
        onCancel={() => setConfirming(false)}
        onConfirm={removeLogo}
      />
    </div>
  );
}
