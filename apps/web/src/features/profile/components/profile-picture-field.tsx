import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconCamera, IconTrash } from '../../../components/icons.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { downscaleImage } from '../../../lib/downscale-image.ts';
import { initials } from '../lib/initials.ts';
import { useProfilePictureUrl, useRemoveProfilePicture, useUploadProfilePicture } from '../api/profile-picture.ts';

/** A profile picture is shown small: 512 px on the longer side is plenty and uploads in a moment. */
const PICTURE_SIDE = 512;

/** The profile picture with upload, replace and remove; the initials stand in when there is none. */
export function ProfilePictureField({ name }: { name: string }) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const picture = useProfilePictureUrl();
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();
  const [preparing, setPreparing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      notifications.show({ color: 'red', message: t('profilePhoto.notImage') });
      return;
    }
    setPreparing(true);
    let image: Blob = file;
    try {
      image = await downscaleImage(file, PICTURE_SIDE);
    } catch {
      // The browser could not redraw it (an unusual format): send it as it is if it fits.
    } finally {
      setPreparing(false);
    }
    if (image.size > MAX_IMAGE_BYTES) {
      notifications.show({ color: 'red', message: t('profilePhoto.tooLarge') });
      return;
    }
    upload.mutate(image, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('profilePhoto.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: describeError(t, error) }),
    });
  };

  return (
    <Stack gap={6}>
      <Input.Label size="md" component="p" m={0}>
        {t('profilePhoto.title')}
      </Input.Label>
      <Group wrap="nowrap" gap="md">
        <Avatar src={picture.url} size={80} radius="xl" color="teal" variant="filled" alt={t('profilePhoto.title')}>
          {initials(name)}
        </Avatar>
        <Stack gap={6}>
          <Group gap={6}>
            <FileButton onChange={(f) => void pick(f)} accept={IMAGE_MIME_TYPES.join(',')}>
              {(props) => (
                <Button
                  size="sm"
                  variant="light"
                  leftSection={<IconCamera size={16} />}
                  loading={preparing || upload.isPending}
                  {...props}
                  {...lock}
                >
                  {picture.url ? t('profilePhoto.replace') : t('profilePhoto.upload')}
                </Button>
              )}
            </FileButton>
            {picture.url && (
              <Button
                size="sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
                {...lock}
              >
                {t('profilePhoto.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('profilePhoto.hint')}
          </Text>
        </Stack>
      </Group>
      <ConfirmDialog
        opened={confirming}
        danger
        busy={remove.isPending}
        title={t('profilePhoto.removeTitle')}
        message={t('profilePhoto.removeText')}
        confirmLabel={t('profilePhoto.remove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'teal', message: t('profilePhoto.removed') });
            },
            onError: (error) => {
              setConfirming(false);
              notifications.show({ color: 'red', message: describeError(t, error) });
            },
          })
        }
      />
    </Stack>
  );
}
