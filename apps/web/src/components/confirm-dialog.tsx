import type { ReactNode } from 'react';
import { Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../lib/i18n/use-translation.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: string;
  /** A destructive action (delete, clear): the confirm button is red. */
  danger?: boolean;
  /** The action is running: confirm shows a spinner, and neither button nor Escape closes early. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Anything more the question needs (a detail list, a checkbox). */
  children?: ReactNode;
}

/**
 * A yes/no question in the app's own look, instead of the browser's `window.confirm` (which
 * blocks the page, cannot be styled or translated for its buttons, and is silenced in some
 * installed apps). Controlled: the caller owns `opened`. The safe button (cancel) has focus when
 * it opens, so an Enter — a person's or a barcode scanner's — never confirms by accident.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      radius="lg"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={false}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {children}
        {/* A phone stacks the two full-width 44 px buttons, so no label is ever cut short. */}
        <Flex
          direction={phone ? 'column-reverse' : 'row'}
          justify="flex-end"
          gap="sm"
          wrap="wrap"
          align={phone ? 'stretch' : 'center'}
        >
          <Button variant="default" onClick={onCancel} disabled={busy} h={phone ? 44 : undefined} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} h={phone ? 44 : undefined}>
            {confirmLabel}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
