import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { hasPermission } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { isOfflineRefusal, offlineCleared } from '../../lib/till/offline-tries.ts';
import { checkPin, type ApprovalAsk, type PinAccepted } from '../../lib/till/till-api.ts';
import { describePinError } from '../../lib/till/pin-messages.ts';
import { useTill } from '../../lib/till/till-state.ts';

interface Props {
  store: string;
  /** The members to choose from (those with a PIN; for an approval, those who hold it). */
  members: { userId: string; name: string }[];
  /** An approval of one action: the chosen member must hold this permission. */
  approve?: ApprovalAsk;
  /** The member's token (an unlock) or the approval, and whether their PIN is now too short. */
  onDone: (accepted: PinAccepted) => void;
}

const isLocked = (error: unknown) => isOfflineRefusal(error) && error.kind === 'locked';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/**
 * First the names, then the pad for the one chosen (product.md §2): the till's unlock and the
 * approval of one action. The PIN typed is checked as that member's only (PINs need not be
 * unique), on the server, or offline against that member's kept verifier. A member locked on this
 * till by wrong PINs offline is let back in by a member with SETTINGS typing their own PIN here.
 */
export function PinEntry({ store, members, approve, onDone }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const [lifting, setLifting] = useState(false);
  const roster = useTill((s) => s.roster);

  const submit = async (value: string) => {
    if (!chosen || value.length < 4 || busy) return;
    setBusy(true);
    const result = await checkPin(chosen, value, approve);
    setBusy(false);
    setPin('');
    if (result.ok) return onDone(result);
    if (result.error === 'wrong') setError(t('till.wrongPin'));
    else if (isLocked(result.error)) {
      setLocked(true);
      setError(t('till.lockedOffline'));
    } else if (result.error === 'lacks') setError(t('till.lacks'));
    else setError(describePinError(t, result.error, 'tries'));
  };

  const press = (key: (typeof KEYS)[number]) => {
    setError(null);
    if (key === 'clear') return setPin('');
    if (key === 'back') return setPin((p) => p.slice(0, -1));
    setPin((p) => (p.length < 6 ? p + key : p));
  };

  const choose = (userId: string | null) => {
    setChosen(userId);
    setPin('');
    setError(null);
    setLocked(false);
    setLifting(false);
  };

  const lifted = () => {
    if (chosen) offlineCleared(store, chosen);
    setLocked(false);
    setLifting(false);
    setError(null);
  };

  if (members.length === 0) return <Alert color="yellow">{t('till.noMembers')}</Alert>;
  const name = members.find((m) => m.userId === chosen)?.name;
  if (!chosen || name === undefined) {
    return (
      <Stack gap="sm">
        <Text fw={600}>{approve ? t('till.whoApproves') : t('till.whoIs')}</Text>
        <Group gap="xs" role="group" aria-label={t('till.members')}>
          {members.map((m) => (
            <Button key={m.userId} variant="default" size="md" onClick={() => choose(m.userId)}>
              {m.name}
            </Button>
          ))}
        </Group>
      </Stack>
    );
  }
  if (lifting) {
    const lifters = (roster?.members ?? []).filter(
      (m) => m.pinVerifier && m.userId !== chosen && hasPermission(m, 'SETTINGS'),
    );
    return (
      <Stack gap="sm">
        <Text size="sm">{t('till.liftFor', { name })}</Text>
        {lifters.length > 0 ? (
          <PinEntry
            store={store}
            members={lifters}
            approve={{ permission: 'SETTINGS', clientId: crypto.randomUUID() }}
            onDone={lifted}
          />
        ) : (
          <Alert color="yellow">{t('till.noLifter')}</Alert>
        )}
        <Button variant="subtle" size="compact-sm" onClick={() => setLifting(false)}>
          {t('till.liftCancel')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} truncate>
          {name}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => choose(null)}>
          {t('till.otherName')}
        </Button>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(pin);
        }}
      >
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            {t('till.pinFor', { name })}
          </Text>
          <input
            aria-label={t('till.pin')}
            value={pin}
            inputMode="numeric"
            autoComplete="off"
            type="password"
            maxLength={6}
            autoFocus
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
            style={{ fontSize: 28, letterSpacing: 12, textAlign: 'center', width: 220, padding: 8 }}
          />
          <SimpleGrid cols={3} spacing={8} w={240}>
            {KEYS.map((key) => (
              <UnstyledButton
                key={key}
                type="button"
                onClick={() => press(key)}
                aria-label={key === 'clear' ? t('till.clear') : key === 'back' ? t('till.back') : key}
                style={{
                  height: 56,
                  borderRadius: 12,
                  border: '1px solid var(--mantine-color-default-border)',
                  textAlign: 'center',
                  fontSize: key.length === 1 ? 24 : 14,
                }}
              >
                {key === 'clear' ? t('till.clear') : key === 'back' ? '⌫' : key}
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {error && (
            <Alert color="red" role="alert" w="100%">
              {error}
            </Alert>
          )}
          {locked && (
            <Button variant="default" w={240} onClick={() => setLifting(true)}>
              {t('till.liftWithPin')}
            </Button>
          )}
          <Button type="submit" w={240} size="md" loading={busy} disabled={pin.length < 4}>
            {approve ? t('till.approve') : t('till.unlock')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
