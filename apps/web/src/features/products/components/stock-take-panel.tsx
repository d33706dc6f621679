import { useState, type Dispatch } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from './confirm.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error.ts';
import { adjustStock } from '../api/adjust-stock.ts';
import { productKeys } from '../api/keys.ts';
import type { Tally, TallyAction } from '../stock-take/tally.ts';
import { TallyRow } from './tally-row.tsx';

interface SaveResult {
  saved: Array<{ code: string; name: string; quantity: number }>;
  failed: Array<{ code: string; message: string }>;
}

/**
 * Stock-take: every scan adds one to the product's count here. "Save count" sends each count as a
 * COUNT movement (the server sets the quantity to it), one product after another.
 */
export function StockTakePanel({
  store,
  tally,
  dispatch,
}: {
  store: string;
  tally: Tally;
  dispatch: Dispatch<TallyAction>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  const total = tally.entries.reduce((n, e) => n + e.counted, 0);

  const save = async () => {
    setSaving(true);
    const out: SaveResult = { saved: [], failed: [] };
    for (const entry of tally.entries) {
      try {
        const p = await adjustStock(store, entry.code, { countedQuantity: entry.counted, reason: 'COUNT' });
        qc.setQueryData(productKeys.one(store, p.code), p);
        out.saved.push({ code: p.code, name: p.name, quantity: p.quantity });
      } catch (error) {
        out.failed.push({ code: entry.code, message: describeError(t, error) });
      }
    }
    dispatch({ type: 'saved', codes: out.saved.map((s) => s.code) });
    void qc.invalidateQueries({ queryKey: productKeys.all(store), predicate: (q) => q.queryKey[2] !== 'code' });
    setResult(out);
    setSaving(false);
  };

  return (
    <Stack gap="md">
      {result && (
        <Alert
          color={result.failed.length ? 'orange' : 'teal'}
          variant="light"
          withCloseButton
          onClose={() => setResult(null)}
          title={t('stockTake.savedTitle', { count: result.saved.length })}
          role="status"
        >
          {result.saved.length > 0 && (
            <List size="sm" spacing={2}>
              {result.saved.map((s) => (
                <List.Item key={s.code}>{t('stockTake.savedLine', { name: s.name, count: s.quantity })}</List.Item>
              ))}
            </List>
          )}
          {result.failed.length > 0 && (
            <>
              <Text fz="sm" fw={600} mt="xs">
                {t('stockTake.failedTitle', { count: result.failed.length })}
              </Text>
              <List size="sm" spacing={2}>
                {result.failed.map((f) => (
                  <List.Item key={f.code}>
                    <Text span ff="monospace" fz="sm">
                      {f.code}
                    </Text>
                    : {f.message}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <div>
            <Title order={2} fz={18}>
              {t('stockTake.title')}
            </Title>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('stockTake.summary', { products: tally.entries.length, items: total })}
            </Text>
          </div>
          {tally.entries.length > 0 && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => modals.confirm(t('stockTake.clearConfirm')) && dispatch({ type: 'clear' })}
            >
              {t('stockTake.clear')}
            </Button>
          )}
        </Group>
        {tally.entries.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('stockTake.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('stockTake.listLabel')}>
            {tally.entries.map((entry) => (
              <TallyRow
                key={entry.code}
                store={store}
                entry={entry}
                highlighted={entry.code === tally.last}
                onSet={(counted) => dispatch({ type: 'set', code: entry.code, counted })}
                onRemove={() => dispatch({ type: 'remove', code: entry.code })}
              />
            ))}
          </Stack>
        )}
      </Paper>
      <Button size="lg" onClick={() => void save()} loading={saving} disabled={tally.entries.length === 0}>
        {t('stockTake.save')}
      </Button>
    </Stack>
  );
}
