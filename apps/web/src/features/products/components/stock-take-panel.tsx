import { formatQuantity, isMeasuredUnit } from '@shopdesk/shared';
import { useState, type Dispatch } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { adjustStock } from '../api/adjust-stock.ts';
import { getProduct } from '../api/get-product.ts';
import { productKeys } from '../api/keys.ts';
import { productQuery } from '../api/get-product.ts';
import { IconPrinter } from '../../../components/icons.tsx';
import { notifications } from '../../../lib/notifications.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import { labelContentOf, MAX_LABEL_COPIES, type LabelRun } from '../../../printing/labels/label-layout.ts';
import type { ReviewLine } from '../stock-take/review.ts';
import { saveCount, type SaveCountResult } from '../stock-take/save-count.ts';
import type { Tally, TallyAction } from '../stock-take/tally.ts';
import { StockTakeReview } from './stock-take-review.tsx';
import { TallyRow } from './tally-row.tsx';

function SaveReport({
  result,
  onClose,
  onLabels,
}: {
  result: SaveCountResult;
  onClose: () => void;
  /** Labels for what was just counted, as many as counted. */
  onLabels: (lines: { code: string; counted: number }[]) => void;
}) {
  const { t } = useTranslation();
  const held = result.changed.length + result.failed.length;
  return (
    <Alert
      color={held ? 'orange' : 'teal'}
      variant="light"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      title={t('stockTake.savedTitle', { count: result.saved.length })}
      role="status"
    >
      <Stack gap="xs">
        {result.saved.length > 0 && (
          <List size="sm" spacing={2}>
            {result.saved.map((s) => (
              <List.Item key={s.code}>
                {t('stockTake.savedLine', {
                  name: s.name,
                  before: formatQuantity(s.before, s.unit),
                  after: formatQuantity(s.quantity, s.unit),
                })}
              </List.Item>
            ))}
          </List>
        )}
        {result.saved.length > 0 && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPrinter size={16} />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onLabels(result.saved.map((s) => ({ code: s.code, counted: s.quantity })))}
          >
            {t('labelBatch.fromCount')}
          </Button>
        )}
        {result.changed.length > 0 && (
          <div>
            <Text fz="sm" fw={600}>
              {t('stockTake.changedTitle', { count: result.changed.length })}
            </Text>
            <List size="sm" spacing={2}>
              {result.changed.map((c) => (
                <List.Item key={c.code}>
                  {t('stockTake.changedLine', {
                    name: c.name,
                    reviewed: formatQuantity(c.reviewed, c.unit),
                    now: formatQuantity(c.now, c.unit),
                  })}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        {result.failed.length > 0 && (
          <div>
            <Text fz="sm" fw={600}>
              {t('stockTake.failedTitle', { count: result.failed.length })}
            </Text>
            <List size="sm" spacing={2}>
              {result.failed.map((f) => (
                <List.Item key={f.code}>
                  <Text span ff="monospace" fz="sm">
                    {f.code}
                  </Text>
                  : {f.error === null ? t('stockTake.gone') : describeError(t, f.error)}
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Stock-take: every scan adds one to the product's count here. "Review" shows each count beside
 * the stock on record before anything is saved; saving sends each count as a COUNT movement (the
 * server sets the quantity to it), one product after another.
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
  const [reviewing, setReviewing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveCountResult | null>(null);
  const [labels, setLabels] = useState<LabelRun[] | null>(null);
  const money = useStoreMoney();

  /** A label per piece counted (a weighed product: one), from each product as it is now. */
  const printCounted = async (lines: { code: string; counted: number }[]) => {
    try {
      const products = await Promise.all(lines.map((l) => qc.fetchQuery(productQuery(store, l.code))));
      const runs = lines.flatMap((l, i) => {
        const p = products[i];
        if (!p) return [];
        const copies = isMeasuredUnit(p.unit) ? 1 : Math.min(MAX_LABEL_COPIES, Math.max(0, l.counted));
        return [{ content: labelContentOf(p, (minor) => formatMain(money, minor)), copies }];
      });
      setLabels(runs);
    } catch (e) {
      notifications.show({ color: 'red', message: describeError(t, e) });
    }
  };
  // Pieces only: a weighed product's row holds thousandths (its row shows them in kg).
  const items = tally.entries.reduce((n, e) => n + (e.measured ? 0 : e.counted), 0);

  const save = async (lines: ReviewLine[]) => {
    setSaving(true);
    const out = await saveCount(lines, {
      read: (code) => getProduct(store, code),
      count: (code, counted) => adjustStock(store, code, { countedQuantity: counted, reason: 'COUNT' }),
    });
    for (const s of out.saved) void qc.invalidateQueries({ queryKey: productKeys.one(store, s.code) });
    for (const c of out.changed) void qc.invalidateQueries({ queryKey: productKeys.one(store, c.code) });
    dispatch({ type: 'saved', codes: out.saved.map((s) => s.code) });
    void qc.invalidateQueries({ queryKey: productKeys.all(store), predicate: (q) => q.queryKey[2] !== 'code' });
    setResult(out);
    setSaving(false);
    setReviewing(false);
  };

  const report = result && (
    <SaveReport result={result} onClose={() => setResult(null)} onLabels={(lines) => void printCounted(lines)} />
  );
  const labelSheet = <LabelSheetModal runs={labels} onClose={() => setLabels(null)} />;

  if (reviewing && tally.entries.length > 0) {
    return (
      <StockTakeReview
        store={store}
        tally={tally}
        dispatch={dispatch}
        saving={saving}
        onBack={() => setReviewing(false)}
        onSave={(lines) => void save(lines)}
      />
    );
  }

  return (
    <Stack gap="md">
      {report}
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <div>
            <Title order={2} fz={18}>
              {t('stockTake.title')}
            </Title>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('stockTake.summary', {
                products: t('stockTake.productCount', { count: tally.entries.length }),
                items: t('stockTake.itemCount', { count: items }),
              })}
            </Text>
          </div>
          {tally.entries.length > 0 && (
            <Button variant="subtle" color="red" h={44} onClick={() => setClearing(true)}>
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
      <Button size="lg" onClick={() => setReviewing(true)} disabled={tally.entries.length === 0}>
        {t('stockTake.reviewButton')}
      </Button>
      {tally.entries.length > 0 && (
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} />}
          onClick={() => void printCounted(tally.entries.map((e) => ({ code: e.code, counted: e.counted })))}
        >
          {t('labelBatch.fromCount')}
        </Button>
      )}
      {labelSheet}
      <ConfirmDialog
        opened={clearing}
        title={t('stockTake.clearTitle')}
        message={t('stockTake.clearConfirm')}
        confirmLabel={t('stockTake.clear')}
        danger
        onConfirm={() => {
          dispatch({ type: 'clear' });
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
      />
    </Stack>
  );
}
