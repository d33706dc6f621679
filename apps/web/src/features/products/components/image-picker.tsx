import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconCamera, IconImage, IconTrash } from '../../../components/icons.tsx';
import { downscaleImage } from '../../../lib/downscale-image.ts';
import { useImageUrl } from '../api/get-image.ts';

export type ImageChoice = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; blob: Blob };

interface Props {
  store: string;
  imageId: string | null;
  value: ImageChoice;
  onChange: (c: ImageChoice) => void;
  error?: string;
}

/** Take or pick a product photo; it is shrunk on the phone before it is uploaded on save. */
export function ImagePicker({ store, imageId, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const existing = useImageUrl(store, value.kind === 'keep' ? imageId : null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (value.kind !== 'new') return setPreview(null);
    const url = URL.createObjectURL(value.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      onChange({ kind: 'new', blob: await downscaleImage(file) });
    } catch {
      setProblem(t('product.imageUnreadable'));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? existing.url;
  return (
    <Stack gap={6}>
      {/* The same label as the form's other fields (size md), not a smaller text. */}
      <Input.Label size="md" component="p" m={0}>
        {t('fields.image')}
      </Input.Label>
      <Group align="center" wrap="nowrap" gap="md">
        <Box
          w={96}
          h={96}
          style={{
            flex: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
          }}
          bg="var(--mantine-color-default-hover)"
        >
          {shown ? (
            <Image src={shown} alt={t('product.imagePreview')} w={96} h={96} fit="cover" />
          ) : (
            <Box h="100%" style={{ display: 'grid', placeItems: 'center' }} c="dimmed" aria-hidden="true">
              <IconImage size={32} />
            </Box>
          )}
        </Box>
        <Stack gap={6}>
          <Group gap={6}>
            <Button
              size="sm"
              variant="light"
              leftSection={<IconCamera size={16} />}
              onClick={() => camera.current?.click()}
              loading={busy}
            >
              {t('product.takePhoto')}
            </Button>
            <Button
              size="sm"
              variant="default"
              leftSection={<IconImage size={16} />}
              onClick={() => gallery.current?.click()}
              disabled={busy}
            >
              {t('product.chooseImage')}
            </Button>
          </Group>
          {shown && (
            <Button
              size="sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange({ kind: 'remove' })}
              w="fit-content"
            >
              {t('product.removeImage')}
            </Button>
          )}
        </Stack>
      </Group>
      {(problem || error) && (
        <Text c="red" fz="sm" role="alert">
          {problem ?? error}
        </Text>
      )}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void take(e.currentTarget.files?.[0])}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/*"
        hidden
        aria-label={t('product.chooseImage')}
        onChange={(e) => void take(e.currentTarget.files?.[0])}
      />
    </Stack>
  );
}
