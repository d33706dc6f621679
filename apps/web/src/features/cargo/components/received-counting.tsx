import { useCallback, useRef, useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  asProductUnit,
  MAX_CARGO_QUANTITY,
  perUnitSuffix,
  type Cargo,
  type CargoContent,
  type CurrencyCode,
} from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { BarcodeInput } from '../../../scanning/barcode-input.tsx';
import { CameraScanner } from '../../../scanning/camera-scanner.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { addContent } from '../api/contents.ts';
import { useContents } from '../api/get-contents.ts';
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

interface Props {
  store: string;
  cargo: Cargo;
  /** The lines of the page on screen. */
  lines: CargoContent[];
  /** Brings the line at this position of the whole cargo (newest first) on screen. */
  onReveal: (index: number) => void;
}

/**
 * A received cargo's lines, counted as they are unpacked (the received count beside the sent one):
 * a scan (wedge scanner anywhere on the page, the camera, or the code typed) adds one to its line,
 * as + does. A code that was not sent is said so, and can be counted as an extra line.
 */
export function ReceivedCounting({ store, cargo, lines, onReveal }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const online = useOnline();
  const money = useFormatCargoMoney();
  const counting = useCounting(store, cargo.code, 'receivedQuantity');
  // Another phone may be counting this cargo too: its counts show here within seconds.
  useLiveCargo(store, cargo.code);
  // Every line, so a scan finds its line whatever page is on screen (the editor keeps them too).
  const all = useContents(store, cargo.code);
  const allRef = useRef<CargoContent[]>(lines);
  allRef.current = all.data ?? lines;
  const [cameraOn, setCameraOn] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  /** A code not in the cargo, and the amount its scale label gave (pieces or thousandths). */
  const [extra, setExtra] = useState<{ code: string; amount?: number } | null>(null);
  const reader = useCargoScan(store);
  const [naming, setNaming] = useState<{ code: string; suggestion: { name?: string; brand?: string } | null } | null>(
    null,
  );
  const [adding, setAdding] = useState(false);

  const count = useCallback(
    (line: CargoContent, amount: number) => {
      const list = allRef.current;
      counting.tap(line, amount);
      setLast(line.code);
      onReveal(list.indexOf(line));
    },
    [counting, onReveal],
  );

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      const read = await reader.read(code);
      if (!read) return;
      const list = allRef.current;
      // A scale label adds its weight or count to its product's line; a plain code one piece.
      const lineCode = read.kind === 'label' ? read.product.code : code;
      const line = lineForScan(list, lineCode);
      if (line && read.kind === 'label') count(line, read.amount);
      else if (line && needsWeight(line)) reader.askWeight(line, (amount) => count(line, amount));
      else if (line) count(line, 1);
      else if (!online) notifications.show({ color: 'orange', message: t('cargo.scan.notInCargoOffline', { code }) });
      else setExtra(read.kind === 'label' ? { code: lineCode, amount: read.amount } : { code });
    },
    [reader, count, online, t],
  );
  const scanNow = useCallback((code: string) => void scan(code), [scan]);
  useWedgeScanner(scanNow, { enabled: extra === null && naming === null && reader.weigh === null });

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargo.code) });
  };
  const addLine = async (line: NewLine) => {
    const added = await addContent(store, cargo.code, line);
    refresh();
    setLast(added.code);
  };
  /**
   * The extra code: straight in when the store knows the product (a weighed one with the weight its
   * label gave, or typed), else named first.
   */
  const addExtra = async ({ code, amount }: { code: string; amount?: number }) => {
    setAdding(true);
    try {
      const product = await qc.fetchQuery(productLookupQuery(store, code));
      if (product) {
        const add = (quantity: number) =>
          addLine({ code, name: product.name, brand: product.brand, price: product.price, quantity }).catch(
            (e: unknown) => notifications.show({ color: 'red', message: describeError(t, e) }),
          );
        if (amount === undefined && needsWeight(product)) reader.askWeight(product, (typed) => void add(typed));
        else await add(amount ?? 1);
      } else {
        const suggestion = await productSuggestion(store, code).catch(() => null);
        setNaming({ code, suggestion });
      }
      setExtra(null);
    } catch (e) {
      notifications.show({ color: 'red', message: describeError(t, e) });
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="sm">
      <BarcodeInput
        onSubmit={scanNow}
        onCamera={() => setCameraOn((on) => !on)}
        cameraOn={cameraOn}
        submitLabel={t('cargo.scan.count')}
      />
      {cameraOn && <CameraScanner active={cameraOn} onScan={scanNow} />}
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {t('cargo.receiveCount.hint')}
        </Text>
        <SaveStateText state={counting.state} waiting={counting.waitingCount} />
      </Group>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('cargo.contents.title')}>
        {lines.map((line) => (
          <CountRow
            key={line.contentId}
            line={line}
            count={counting.countOf(line)}
            sent={line.quantity}
            price={money(line.price, cargo.currency) + perUnitSuffix(asProductUnit(line.unit))}
            highlighted={line.code === last}
            onStep={(d) => counting.tap(line, d)}
            onSet={(v) => counting.setCount(line, v)}
          />
        ))}
      </Stack>
      <ConfirmDialog
        opened={extra !== null}
        title={t('cargo.scan.notInCargoTitle')}
        message={t('cargo.scan.notInCargo', { code: extra?.code ?? '' })}
        confirmLabel={t('cargo.scan.addExtra')}
        busy={adding}
        onConfirm={() => extra && void addExtra(extra)}
        onCancel={() => setExtra(null)}
      />
      <WeighEntryModal
        request={reader.weigh}
        max={MAX_CARGO_QUANTITY}
        onAdd={reader.addWeight}
        onClose={reader.cancelWeigh}
      />
      <AddContentModal
        code={naming?.code ?? null}
        suggestion={naming?.suggestion}
        currency={cargo.currency as CurrencyCode}
        onAdd={addLine}
        onClose={() => setNaming(null)}
      />
    </Stack>
  );
}
