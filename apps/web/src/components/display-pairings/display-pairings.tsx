import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { DisplayPairing } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { describeError } from '../../lib/describe-error.ts';
import { notifications } from '../../lib/notifications.ts';
import { useDisplays } from '../../lib/display-pairing/list-displays.ts';
import { useRevokeDisplay } from '../../lib/display-pairing/revoke-display.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { FormError } from '../form-error.tsx';

interface Props {
  /** The store's urlName. */
  store: string;
  /** An exact time in the store's time zone (the tills page's); the device's own otherwise. */
  exact?: (iso: string) => string;
  /** Asks the list again this often (the counter's dialog shows a display connecting). */
  refetchInterval?: number;
  /** Told when a display is revoked (the counter stops sending to it). */
  onRevoked?: (id: string) => void;
}

/** Connected ones first, then the most recently seen or paired. */
export function inOrder(items: readonly DisplayPairing[]): DisplayPairing[] {
  const latest = (d: DisplayPairing) => d.lastSeenAt ?? d.createdAt;
  return [...items].sort((a, b) => Number(b.connected) - Number(a.connected) || latest(b).localeCompare(latest(a)));
}

/**
 * The store's paired customer displays (issue 45): name, who paired it and when, connected or when
 * last seen, and Revoke after a confirmation (its stream ends at once, its link stops working).
 */
export function DisplayPairings({ store, exact, refetchInterval, onRevoked }: Props) {
  const { t, i18n } = useTranslation();
  const displays = useDisplays(store, refetchInterval ? { refetchInterval } : {});
  const revoke = useRevokeDisplay();
  const [asking, setAsking] = useState<DisplayPairing | null>(null);
  const local = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
  const when = exact ?? local;
  const list = displays.data ? inOrder(displays.data.items) : null;

  const confirm = () => {
    if (!asking) return;
    revoke.mutate(
      { urlName: store, id: asking.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('customerDisplay.revokeDone', { name: asking.name }) });
          onRevoked?.(asking.id);
          setAsking(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {displays.isError && (
        <FormError>
          {t('customerDisplay.loadFailed')}: {describeError(t, displays.error)}
        </FormError>
      )}
      {list && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('customerDisplay.none')}
        </Text>
      )}
      {list && list.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('customerDisplay.listTitle')}>
          {list.map((d) => (
            <Paper
              key={d.id}
              withBorder
              radius="md"
              p="sm"
              component="li"
              aria-label={d.name}
              style={{ listStyle: 'none' }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {d.name}
                    </Text>
                    <Badge tt="none" variant="light" color={d.connected ? 'teal' : 'gray'}>
                      {d.connected ? t('customerDisplay.connected') : t('customerDisplay.notConnected')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {d.lastSeenAt
                      ? t('customerDisplay.lastSeen', { time: when(d.lastSeenAt) })
                      : t('customerDisplay.neverSeen')}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('customerDisplay.pairedBy', { name: d.createdBy, time: when(d.createdAt) })}
                  </Text>
                </Stack>
                <Button
                  size="sm"
                  variant="light"
                  color="red"
                  onClick={() => setAsking(d)}
                  aria-label={t('customerDisplay.revokeOf', { name: d.name })}
                  style={{ flexShrink: 0 }}
                >
                  {t('customerDisplay.revoke')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={asking !== null}
        danger
        busy={revoke.isPending}
        title={t('customerDisplay.revokeTitle')}
        message={t('customerDisplay.revokeQuestion', { name: asking?.name ?? '' })}
        confirmLabel={t('customerDisplay.revoke')}
        onConfirm={confirm}
        onCancel={() => {
          setAsking(null);
          revoke.reset();
        }}
      >
        {revoke.isError && (
          <FormError>
            {t('customerDisplay.revokeFailed')}: {describeError(t, revoke.error)}
          </FormError>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
