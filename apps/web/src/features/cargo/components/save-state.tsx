import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconAlert, IconCheck, IconClock } from '../../../components/icons.tsx';
import type { SaveState } from '../hooks/use-counting.ts';

const COLORS: Record<SaveState, string> = {
  saved: 'teal',
  pending: 'blue',
  saving: 'blue',
  unsaved: 'orange',
  offline: 'orange',
};

/** Where the counts are: saved, on their way, waiting for the Save button, or kept offline. */
export function SaveStateText({ state, waiting }: { state: SaveState; waiting: number }) {
  const { t } = useTranslation();
  const icon =
    state === 'saved' ? (
      <IconCheck size={18} />
    ) : state === 'offline' ? (
      <IconAlert size={18} />
    ) : state === 'unsaved' ? (
      <IconClock size={18} />
    ) : (
      <Loader size={14} />
    );
  return (
    <Group gap={6} wrap="nowrap" c={COLORS[state]} role="status" aria-live="polite" data-testid="cargo-save-state">
      {icon}
      <Text fz="sm" fw={600} c="inherit">
        {t(`cargo.save.${state}`, { count: waiting })}
      </Text>
    </Group>
  );
}
