import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/** The counter's keyboard shortcuts, shown with F1 or "?". Function keys only, so a scanner's burst of letters and digits can never trigger one. */
export const COUNTER_SHORTCUTS = [
  { keys: ['F2'], action: 'counter.shortcutSearch' },
  { keys: ['F4'], action: 'counter.shortcutPay' },
  { keys: ['F6'], action: 'counter.shortcutQuantity' },
  { keys: ['F7'], action: 'counter.shortcutLineDiscount' },
  { keys: ['Shift', 'F7'], action: 'counter.shortcutCartDiscount' },
  { keys: ['F8'], action: 'counter.shortcutPark' },
  { keys: ['F9'], action: 'counter.shortcutHeld' },
  { keys: ['F10'], action: 'counter.shortcutOpenItem' },
  { keys: ['Ctrl', 'Z'], action: 'counter.shortcutUndo' },
  { keys: ['F1'], action: 'counter.shortcutHelp' },
] as const;

export function ShortcutsOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('counter.shortcuts')} centered>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('counter.shortcutsHint')}
      </Text>
      <Table>
        <Table.Tbody>
          {COUNTER_SHORTCUTS.map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td w={120}>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' + '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(s.action)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
