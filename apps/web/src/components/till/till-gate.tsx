import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { hasPermission } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { lockTill, setBeforeLock } from '../../lib/till/till-lock.ts';
import { isTillOf, useTill } from '../../lib/till/till-state.ts';
import { PinEntry } from './pin-entry.tsx';

interface Props {
  store: string;
  /** Runs before the till locks (idle, Lock, a screen a till does not open): the counter holds the cart. */
  beforeLock: () => Promise<void> | void;
  /** Opens "My PIN" for the member on the till (their PIN is shorter than their rights now need). */
  onChangePin: () => void;
}

/**
 * The till on the counter (product.md §2): locked, a PIN pad over the counter lists the members;
 * unlocked, a bar names who sells, with Lock. The roster and the idle lock are kept by the store
 * shell (use-till-upkeep.ts) on every till screen.
 */
export function TillGate({ store, beforeLock, onChangePin }: Props) {
  const { t } = useTranslation();
  const till = useTill((s) => s.tillToken);
  const member = useTill((s) => s.member);
  const newPinNeeded = useTill((s) => s.newPinNeeded);
  const roster = useTill((s) => s.roster);
  const active = !!till && isTillOf(store);
  const lockRef = useRef(beforeLock);
  lockRef.current = beforeLock;

  useEffect(() => (active ? setBeforeLock(() => lockRef.current()) : undefined), [active]);

  if (!active) return null;
  if (member) {
    return (
      <Paper withBorder radius="md" px="sm" py={6} mb="sm">
        {newPinNeeded && (
          // Their rights grew (they may approve now): the short PIN still works, but not for long.
          <Alert color="yellow" mb={6} p="xs" title={t('till.newPinNeededTitle')}>
            <Text size="sm" mb={4}>
              {t('till.newPinNeeded', { name: member.name })}
            </Text>
            <Button size="xs" variant="default" onClick={onChangePin}>
              {t('till.setNewPin')}
            </Button>
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {t('till.sellingAs', { name: member.name })}
          </Text>
          <Button size="xs" variant="default" onClick={() => void lockTill()}>
            {t('till.lock')}
          </Button>
        </Group>
      </Paper>
    );
  }
  const members = (roster?.members ?? []).filter((m) => m.pinVerifier);
  // Nobody could leave till mode here: only the owner's "Tills" list, from another device, can.
  const noLeaver = roster !== null && !members.some((m) => hasPermission(m, 'SETTINGS'));
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="till-locked-title"
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, overflowY: 'auto', background: 'var(--mantine-color-body)' }}
    >
      <Box maw={520} mx="auto" p="md" pt="xl">
        <Title order={2} id="till-locked-title" fz="xl" mb={4}>
          {t('till.lockedTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('till.lockedHint')}
        </Text>
        {roster === null ? (
          <Text size="sm" c="dimmed">
            {t('till.rosterLoading')}
          </Text>
        ) : (
          <PinEntry
            store={store}
            members={members}
            onDone={(accepted) =>
              accepted.memberToken &&
              useTill.getState().unlock(accepted.member, accepted.memberToken, accepted.newPinNeeded)
            }
          />
        )}
        {noLeaver && members.length > 0 && (
          <Alert color="yellow" mt="md">
            {t('till.noLeaver')}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
