import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { describeError } from '../../lib/describe-error.ts';
import { usePermission } from '../../lib/store-rights.ts';
import { becomeTill, nextTillName } from '../../lib/till/become-till.ts';
import { listTills } from '../../lib/till/till-api.ts';
import { pendingSaleCount } from '../../sync/use-sale-queue.ts';
import { wrappingButton } from '../wrapping-button.ts';

/**
 * Turning this device into the store's till, from a person's session (the owner or a member with
 * SETTINGS): named ("Till 1", or the next number), then the person is signed out of this device and
 * the counter shows the locked PIN pad. Not while sales made in this session still wait to be sent:
 * they could no longer be sent once the session ends.
 */
export function MakeTillForm({ store, onDone }: { store: string; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = usePermission('SETTINGS');
  const word = (n: number) => t('till.defaultName', { n });
  const [name, setName] = useState(() => word(1));
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!settings.allowed || edited) return;
    const abort = new AbortController();
    listTills(store, abort.signal).then(
      // Revoked tills count too: their name stays on the sales and in the reports made on them.
      ({ tills }) =>
        setName(
          nextTillName(
            tills.map((x) => x.name),
            word,
          ),
        ),
      () => {}, // The default name stays.
    );
    return () => abort.abort();
    // `word` is the language's: re-reading the list when it changes would retype a name being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, settings.allowed, edited]);

  const make = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('till.nameRequired'));
    setBusy(true);
    setError(null);
    try {
      const waiting = await pendingSaleCount().catch(() => 0);
      if (waiting > 0) return setError(t('till.salesWaiting', { count: waiting }));
      await becomeTill(store, trimmed);
      // Nothing fetched with the person's rights stays; what is on screen is read again as the till.
      void qc.resetQueries();
      onDone();
    } catch (e) {
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <TextInput
        label={t('till.name')}
        value={name}
        maxLength={60}
        onChange={(e) => {
          setEdited(true);
          setError(null);
          setName(e.currentTarget.value);
        }}
      />
      <Text size="sm" c="dimmed">
        {t('till.makeHint')}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button loading={busy} disabled={!settings.allowed} {...wrappingButton} onClick={() => void make()}>
        {t('till.turnOn')}
      </Button>
      {!settings.allowed && (
        <Text size="sm" c="dimmed">
          {settings.reason}
        </Text>
      )}
    </Stack>
  );
}
