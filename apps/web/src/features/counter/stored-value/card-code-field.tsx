import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Box, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconCamera } from '../../../components/icons.tsx';

const CameraScanner = lazy(() =>
  import('../../../scanning/camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

/**
 * A card's code, typed, scanned with the wedge scanner into the field, or read by the camera (the
 * counter's own scanner, loaded when first turned on). A camera read fills the field and calls
 * `onScanned`, so a scan can look the card up at once.
 */
export function CardCodeField({
  label,
  description,
  value,
  error,
  disabled,
  size,
  autoFocus,
  onChange,
  onScanned,
}: {
  label: string;
  description?: string;
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
  onChange(value: string): void;
  onScanned?(code: string): void;
}) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description={description}
        value={value}
        error={error}
        disabled={disabled}
        size={size ?? 'md'}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        data-autofocus={autoFocus || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        rightSectionWidth={52}
        rightSection={
          <ActionIcon
            variant={camera ? 'filled' : 'default'}
            size={size === 'lg' ? 40 : 34}
            aria-label={camera ? t('counterGiftCard.cameraOff') : t('counterGiftCard.cameraOn')}
            aria-pressed={camera}
            disabled={disabled}
            onClick={() => setCamera((on) => !on)}
          >
            <IconCamera size={20} />
          </ActionIcon>
        }
      />
      {camera && (
        <Suspense fallback={null}>
          <Box maw={420}>
            <CameraScanner
              active={camera}
              onScan={(code) => {
                setCamera(false);
                onChange(code);
                onScanned?.(code);
              }}
            />
          </Box>
        </Suspense>
      )}
    </Stack>
  );
}
