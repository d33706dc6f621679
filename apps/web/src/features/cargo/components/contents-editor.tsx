import { useCallback, useRef, useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useBlocker } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  asProductUnit,
  isMeasuredUnit,
  MAX_CARGO_QUANTITY,
  perUnitSuffix,
  type Cargo,
  type CargoContent,
  type CurrencyCode,
  type ProductSuggestion,
} from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { BarcodeInput } from '../../../scanning/barcode-input.tsx';
import { CameraScanner } from '../../../scanning/camera-scanner.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addContent, deleteContent } from '../api/contents.ts';
import { cargoKeys } from '../api/keys.ts';
import { productLookupQuery, productSuggestion } from '../api/lookup-product.ts';
import { WeighEntryModal } from '../../../components/weigh-entry-modal.tsx';
import { needsWeight } from '../../../lib/count-scan.ts';
import { useCargoScan } from '../hooks/use-cargo-scan.ts';
import { useCounting } from '../hooks/use-counting.ts';
import { useLiveCargo } from '../hooks/use-live-cargo.ts';
import { lineForScan } from '../model/scan-match.ts';
import { AddContentModal, type NewLine } from './add-content-modal.tsx';
import { useFormatCargoMoney } from './cargo-money.ts';
import { CountRow } from './count-row.tsx';
import { SaveStateText } from './save-state.tsx';
import { paths } from '../../../lib/paths.ts';

const PAGE_SIZE = 50;

interface Props {
  store: string;
  cargo: Cargo;
  contents: CargoContent[];
}

/**
 * The contents of a cargo being made: a scan (wedge scanner anywhere on the page, the camera, or
 * the code typed) adds one to its line, or adds the line: from the store's product when it has
 * one, else named on the spot. Counts change with − and + and are saved as they change.
 */
export function ContentsEditor({ store, cargo, contents }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const money = useFormatCargoMoney();
  const autoSave = useSession((s) => s.cargoAutoSave);
  const setAutoSave = useSession((s) => s.setCargoAutoSave);
  const counting = useCounting(store, cargo.code, 'quantity');
  const reader = useCargoScan(store);
  // Another phone may be counting this cargo too: its counts show here within seconds.
  useLiveCargo(store, cargo.code);
  // Autosave off and counts not saved: leaving asks first (saving keeps them, also offline).
  const blocker = useBlocker(counting.state === 'unsaved');
  const [cameraOn, setCameraOn] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [unknown, setUnknown] = useState<{ code: string; suggestion: ProductSuggestion | null } | null>(null);
  /** Scans of a code whose line is being added: they count once the line exists. */
  const adding = useRef(new Map<string, number>());
  const contentsRef = useRef(contents);
  contentsRef.current = contents;

  const keyOf = cargoKeys.contents(store, cargo.code);
  const putLine = useCallback(
    (line: CargoContent) => {
      qc.setQueryData<CargoContent[]>(keyOf, (old = []) =>
        old.some((c) => c.contentId === line.contentId)
          ? old.map((c) => (c.contentId === line.contentId ? line : c))
          : [...old, line],
      );
      void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargo.code), exact: true });
    },
    [qc, keyOf, store, cargo.code],
  );

  const show = useCallback((code: string) => {
    setLast(code);
    const index = contentsRef.current.findIndex((c) => c.code === code);
    if (index >= 0) setPage(Math.floor(index / PAGE_SIZE));
  }, []);

  const addLine = useCallback(
    async (line: NewLine) => {
      const added = await addContent(store, cargo.code, line);
      putLine(added);
      show(added.code);
      const extra = adding.current.get(line.code) ?? 0;
      adding.current.delete(line.code);
      if (extra > 0) counting.tap(added, extra);
    },
    [store, cargo.code, putLine, show, counting],
  );

  const onScan = useCallback(
    async (raw: string) => {
      const typed = raw.trim();
      if (!typed) return;
      const read = await reader.read(typed);
      if (!read) return;
      // A scale label counts into its product's line with its weight or count; a plain code one piece.
      const code = read.kind === 'label' ? read.product.code : typed;
      const amount = read.kind === 'label' ? read.amount : 1;
      const line = lineForScan(contentsRef.current, code);
      if (line) {
        if (read.kind === 'plain' && needsWeight(line)) {
          reader.askWeight(line, (weight) => {
            counting.tap(line, weight);
            show(code);
          });
          return;
        }
        counting.tap(line, amount);
        show(code);
        return;
      }
      if (adding.current.has(code)) {
        adding.current.set(code, (adding.current.get(code) ?? 0) + amount);
        return;
      }
      if (!online) {
        notifications.show({ color: 'orange', message: t('cargo.add.needsNetwork', { code }) });
        return;
      }
      adding.current.set(code, 0);
      try {
        const product = read.kind === 'label' ? read.product : await qc.fetchQuery(productLookupQuery(store, code));
        if (product) {
          const add = (quantity: number) =>
            addLine({ code: product.code, name: product.name, brand: product.brand, price: product.price, quantity });
          if (read.kind === 'plain' && needsWeight(product)) {
            // Nothing is added until its weight is typed.
            adding.current.delete(code);
            reader.askWeight(product, (weight) => {
              adding.current.set(code, 0);
              add(weight).catch((e: unknown) => {
                adding.current.delete(code);
                notifications.show({ color: 'red', message: describeError(t, e) });
              });
            });
            return;
          }
          await add(amount);
          return;
        }
        adding.current.delete(code);
        const suggestion = await productSuggestion(store, code).catch(() => null);
        setUnknown({ code, suggestion });
      } catch (e) {
        adding.current.delete(code);
        notifications.show({ color: 'red', message: describeError(t, e) });
      }
    },
    [reader, counting, show, online, qc, store, addLine, t],
  );
  const scan = useCallback((code: string) => void onScan(code), [onScan]);
  useWedgeScanner(scan, { enabled: unknown === null && reader.weigh === null });

  const remove = async (line: CargoContent) => {
    try {
      counting.forget(line.contentId);
      await deleteContent(store, cargo.code, line.contentId);
      qc.setQueryData<CargoContent[]>(keyOf, (old = []) => old.filter((c) => c.contentId !== line.contentId));
      void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargo.code), exact: true });
    } catch (e) {
      notifications.show({ color: 'red', message: describeError(t, e) });
    }
  };

  const pages = Math.max(1, Math.ceil(contents.length / PAGE_SIZE));
  const shown = contents.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  // Pieces only: a weighed line's count is thousandths of its unit, shown on its row.
  const total = contents.reduce((n, c) => n + (isMeasuredUnit(asProductUnit(c.unit)) ? 0 : counting.countOf(c)), 0);
  const currency = cargo.currency as CurrencyCode;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <BarcodeInput
            onSubmit={scan}
            onCamera={() => setCameraOn((on) => !on)}
            cameraOn={cameraOn}
            submitLabel={t('cargo.edit.addCode')}
          />
          {cameraOn && <CameraScanner active={cameraOn} onScan={scan} />}
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Switch
                checked={autoSave}
                onChange={(e) => setAutoSave(e.currentTarget.checked)}
                label={t('cargo.edit.autoSave')}
                description={phone ? undefined : t('cargo.edit.autoSaveHint')}
                size="md"
              />
              <Group justify="space-between" wrap="nowrap">
                <SaveStateText state={counting.state} waiting={counting.waitingCount} />
                {!autoSave && (
                  <Button onClick={counting.saveNow} disabled={counting.state !== 'unsaved'}>
                    {t('cargo.edit.save')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <div>
              <Title order={2} fz={18}>
                {t('cargo.contents.title')}
              </Title>
              <Text fz="sm" c="dimmed" aria-live="polite">
                {t('cargo.contents.summary', {
                  lines: t('cargo.contents.lines', { count: contents.length }),
                  items: t('cargo.contents.items', { count: total }),
                })}
              </Text>
            </div>
            <Button component={Link} to={paths.cargoDetail(store, cargo.code)} variant="default">
              {t('cargo.edit.done')}
            </Button>
          </Group>
          {contents.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('cargo.contents.empty')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={2}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('cargo.contents.title')}
            >
              {shown.map((line) => (
                <CountRow
                  key={line.contentId}
                  line={line}
                  count={counting.countOf(line)}
                  price={line.price ? money(line.price, currency) + perUnitSuffix(asProductUnit(line.unit)) : undefined}
                  highlighted={line.code === last}
                  onStep={(d) => counting.tap(line, d)}
                  onSet={(v) => counting.setCount(line, v)}
                  onRemove={online ? () => void remove(line) : undefined}
                />
              ))}
            </Stack>
          )}
          {/* Compact at every width: the contents share the row with the add-product column. */}
          <Pager page={page} pages={pages} onChange={setPage} compact mt="md" />
        </Paper>
      </Grid.Col>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('cargo.edit.leaveTitle')}
        message={t('cargo.edit.leaveText')}
        confirmLabel={t('cargo.edit.saveAndLeave')}
        onConfirm={() => {
          counting.saveNow();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      />
      <WeighEntryModal
        request={reader.weigh}
        max={MAX_CARGO_QUANTITY}
        onAdd={reader.addWeight}
        onClose={reader.cancelWeigh}
      />
      <AddContentModal
        code={unknown?.code ?? null}
        suggestion={unknown?.suggestion}
        currency={currency}
        onAdd={addLine}
        onClose={() => setUnknown(null)}
      />
    </Grid>
  );
}
