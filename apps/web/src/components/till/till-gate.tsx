import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { preparePinVerifier } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { fetchRoster } from '../../lib/till/till-api.ts';
import { isTillOf, useTill } from '../../lib/till/till-state.ts';
import { PinEntry } from './pin-entry.tsx';

const ROSTER_EVERY_MS = 60_000;

interface Props {
  store: string;
  /** Runs before the till locks (idle or the Lock button): the counter holds the member's cart. */
  beforeLock: () => Promise<void> | void;
  /** Opens "My PIN" for the member on the till (their PIN is shorter than their rights now need). */
  onChangePin: () => void;
}

/**
 * The till on the counter (product.md §2): locked, a PIN pad over the counter lists the members;
 * unlocked, a bar names who sells, with Lock. It keeps the roster (names, rights, PIN hashes)
 * fresh while online, for the offline unlock, and locks after the store's idle minutes.
 */
export function TillGate({ store, beforeLock, onChangePin }: Props) {
  const { t } = useTranslation();
  const till = useTill((s) => s.store);
  const member = useTill((s) => s.member);
  const newPinNeeded = useTill((s) => s.newPinNeeded);
  const roster = useTill((s) => s.roster);
  const active = !!till && isTillOf(store);
  const lockRef = useRef(beforeLock);
  lockRef.current = beforeLock;

  useEffect(() => {
    if (!active) return;
    const refresh = () =>
      fetchRoster(store).then(
        (r) => useTill.getState().setRoster(r),
        () => {}, // Offline or refused: the kept roster stays.
      );
    void refresh();
    const id = setInterval(refresh, ROSTER_EVERY_MS);
    return () => clearInterval(id);
  }, [active, store]);

  useEffect(() => {
    // The PIN pad is up: the argon2 wasm is ready before the last digit is typed.
    if (active && !member) void preparePinVerifier().catch(() => {});
  }, [active, member]);

  const idleMinutes = roster?.idleLockMinutes ?? 0;
  useEffect(() => {
    if (!active || !member || idleMinutes <= 0) return;
    let timer = 0;
    const arm = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => void Promise.resolve(lockRef.current()).finally(() => useTill.getState().lock()),
        idleMinutes * 60_000,
      );
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, arm, { passive: true });
    arm();
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, arm);
    };
  }, [active, member, idleMinutes]);

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
          <Button
            size="xs"
            variant="default"
            onClick={() => void Promise.resolve(beforeLock()).finally(() => useTill.getState().lock())}
          >
            {t('till.lock')}
          </Button>
        </Group>
      </Paper>
    );
  }
  const members = (roster?.members ?? []).filter((m) => m.pinHash);
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
        <PinEntry
          store={store}
          members={members}
          onDone={(m, newPinNeeded) => useTill.getState().unlock(m, newPinNeeded)}
        />
      </Box>
    </Box>
  );
}
