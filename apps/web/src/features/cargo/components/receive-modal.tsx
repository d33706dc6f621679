import { useState, type FormEvent } from 'react';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { parseCargoQrLink } from '@shopdesk/shared';
import { CameraScanner } from '../../../scanning/camera-scanner.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A hand-over token read from a QR or a pasted link. */
  onToken: (token: string) => void;
}

/**
 * "Receive by QR": the camera reads the sender's QR; the link can also be pasted (sent by message,
 * or read by the phone's own camera app).
 */
export function ReceiveModal({ opened, onClose, onToken }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const take = (value: string) => {
    const token = parseCargoQrLink(value);
    if (!token) {
      setError(t('cargo.receive.notAQr'));
      return;
    }
    setError(null);
    setText('');
    onToken(token);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    take(text);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cargo.receive.title')}
      fullScreen={phone}
      radius="lg"
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('cargo.receive.hint')}
        </Text>
        {opened && <CameraScanner active={opened} onScan={take} />}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('cargo.receive.paste')}
              placeholder="https://…/cargo/receive/…"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" disabled={!text.trim()}>
              {t('cargo.receive.continue')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
