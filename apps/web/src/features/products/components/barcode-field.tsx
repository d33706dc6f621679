import { useState } from 'react';
import { Button, Collapse, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { IconCamera, IconDice } from '../../../components/icons.tsx';
import { CameraScanner } from '../../../scanning/camera-scanner.tsx';
import { useRandomBarcode } from '../api/random-barcode.ts';

interface Props {
  store: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  onError: (message: string) => void;
  /** A code read by the camera: handled like a scanner's (checked, or asked before replacing). */
  onScan: (code: string) => void;
}

/** The product form's Barcode: typed, scanned with the camera, or a random in-store code. */
export function BarcodeField({ store, value, onChange, error, onError, onScan }: Props) {
  const { t } = useTranslation();
  const [cameraOn, setCameraOn] = useState(false);
  const random = useRandomBarcode(store);
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <TextInput
          label={t('fields.barcode')}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {/* Side by side when they fit; on a narrow phone each takes the whole line. */}
        <Group gap="xs" grow preventGrowOverflow={false}>
          <Button
            variant={cameraOn ? 'filled' : 'light'}
            size="sm"
            leftSection={<IconCamera size={16} />}
            onClick={() => setCameraOn((o) => !o)}
            aria-pressed={cameraOn}
          >
            {t(cameraOn ? 'scan.cameraStop' : 'scan.cameraStart')}
          </Button>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDice size={16} />}
            loading={random.isPending}
            onClick={() =>
              random.mutate(undefined, {
                onSuccess: ({ code }) => onChange(code),
                onError: (err) => onError(describeError(t, err)),
              })
            }
          >
            {t('product.randomBarcode')}
          </Button>
        </Group>
      </Stack>
      <Collapse expanded={cameraOn}>
        {cameraOn && (
          <CameraScanner
            active
            onScan={(code) => {
              setCameraOn(false);
              onScan(code);
            }}
          />
        )}
      </Collapse>
    </Stack>
  );
}
