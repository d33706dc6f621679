import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { IconCamera } from '../components/icons.tsx';

interface Props {
  onSubmit: (code: string) => void;
  onCamera?: () => void;
  cameraOn?: boolean;
  submitLabel?: string;
  extra?: ReactNode;
}

/**
 * The "Barcode" field for typing a code by hand; Enter submits it once. A scanner burst typed
 * into it is taken by the page's wedge listener instead (it clears the burst out of the field and
 * hands the code to the screen), so a scan is looked up once, the same as anywhere on the page.
 */
export function BarcodeInput({ onSubmit, onCamera, cameraOn, submitLabel, extra }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = value.trim();
    if (!code) return;
    setValue('');
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} role="search" aria-label={t('scan.lookupForm')}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={t('fields.barcode')}
          placeholder={t('scan.placeholder')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          style={{ flex: 1 }}
          size="md"
          rightSection={
            onCamera && (
              <ActionIcon
                variant={cameraOn ? 'filled' : 'subtle'}
                size={44}
                onClick={onCamera}
                aria-label={t(cameraOn ? 'scan.cameraStop' : 'scan.cameraStart')}
                aria-pressed={cameraOn}
              >
                <IconCamera size={20} />
              </ActionIcon>
            )
          }
          rightSectionWidth={onCamera ? 48 : undefined}
        />
        <Button type="submit" size="md">
          {submitLabel ?? t('scan.lookup')}
        </Button>
        {extra}
      </Group>
    </form>
  );
}
