import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  NumberInput,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '../../lib/notifications.ts';
import { Link, useParams } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { IconAlert, IconBluetooth, IconPrinter } from '../../components/icons.tsx';
import { useCatPrinter } from '../cat-printer/use-cat-printer.ts';
import { isChooserCancelled } from '../bluetooth/printer-transport.ts';
import { renderLabel } from './render-label.ts';
import { browserPrintMany } from './browser-print.ts';
import { LabelOptions } from './label-options.tsx';
import { LabelPreview } from './label-preview.tsx';
import { MAX_LABEL_COPIES, type LabelContent, type LabelRun } from './label-layout.ts';
import type { MonoBitmap } from '../cat-printer/protocol.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Preview and print shelf labels: one product's (`content`, as many copies as the label options
 * say), or a batch (`runs`: an item's variants, a cargo's lines, a stock-take's counts), each
 * label with its own number of copies, edited here before printing. The preview is the very
 * bitmap that is sent to the printer, so what the owner sees is what comes out. One path prints
 * both: the cat printer over Bluetooth, or the browser's print dialog. Loaded on demand: it brings
 * the barcode library with it.
 */
export default function LabelSheet({ content, runs }: { content?: LabelContent; runs?: readonly LabelRun[] }) {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const config = useSession((s) => s.catConfig);
  const printer = useCatPrinter();
  const [error, setError] = useState<string>();
  const batch = runs !== undefined;
  const labels = useMemo(() => runs ?? (content ? [{ content, copies: 1 }] : []), [runs, content]);
  const [copies, setCopies] = useState<number[]>(() => labels.map((r) => r.copies));
  const [shown, setShown] = useState(0);
  const showing = labels[Math.min(shown, labels.length - 1)];
  const rendered = useMemo(() => (showing ? renderLabel(showing.content, config) : null), [showing, config]);
  // One label: the options' copies; a batch: each label's own count.
  const countOf = (i: number) => (batch ? (copies[i] ?? 0) : Math.max(1, config.count));
  const total = labels.reduce((n, _, i) => n + countOf(i), 0);

  /** Every label with copies to print, rendered now (a batch renders each only when printed). */
  const jobs = (): { bitmap: MonoBitmap; copies: number }[] =>
    labels.flatMap((r, i) =>
      countOf(i) > 0 ? [{ bitmap: renderLabel(r.content, config).bitmap, copies: countOf(i) }] : [],
    );

  const printCat = async () => {
    setError(undefined);
    try {
      await printer.printMany(jobs());
      notifications.show({ color: 'teal', message: t('labels.printed', { count: total }) });
    } catch (e) {
      // Closing the chooser (the browser's or the app's) is not an error worth a message.
      if (isChooserCancelled(e) || (e instanceof DOMException && e.name === 'NotFoundError')) return;
      console.error('Label print failed', e);
      setError(t('labels.printFailed'));
    }
  };

  if (!showing || !rendered) return null;
  return (
    <Stack gap="md">
      <LabelPreview
        bitmap={rendered.bitmap}
        label={t('labels.previewOf', { name: showing.content.name || showing.content.code })}
      />
      <Text c="dimmed" fz="xs" ta="center">
        {t('labels.paper', { width: rendered.bitmap.width / 8, height: Math.ceil(rendered.bitmap.height / 8) })}
      </Text>
      {rendered.warning === 'BARCODE_TOO_LONG' && (
        <Alert color="orange" variant="light" icon={<IconAlert size={20} />} role="alert">
          {t('labels.barcodeTooLong')}
        </Alert>
      )}
      {batch && (
        <Box>
          <Group justify="space-between" mb={4}>
            <Text fw={700} fz="sm">
              {t('labelBatch.title', { count: labels.length })}
            </Text>
            <Text fz="sm" c="dimmed" aria-live="polite" data-testid="label-total">
              {t('labelBatch.total', { count: total })}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" mb={6}>
            {t('labelBatch.hint')}
          </Text>
          <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('labelBatch.list')}>
              {labels.map((r, i) => (
                <Group
                  component="li"
                  key={`${r.content.code}:${i}`}
                  wrap="nowrap"
                  gap="xs"
                  py={4}
                  px={4}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: i === shown ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <UnstyledButton
                    style={{ flex: 1, minWidth: 0 }}
                    onClick={() => setShown(i)}
                    aria-label={t('labelBatch.preview', { name: r.content.name })}
                    aria-pressed={i === shown}
                  >
                    <Text fw={600} fz="sm" truncate>
                      {r.content.name}
                    </Text>
                    <Text fz="xs" c="dimmed" ff="monospace" truncate>
                      {r.content.code} · {r.content.price}
                    </Text>
                  </UnstyledButton>
                  <ActionIcon
                    variant="default"
                    size={32}
                    aria-label={t('labelBatch.less', { name: r.content.name })}
                    disabled={countOf(i) === 0}
                    onClick={() => setCopies((c) => c.map((n, k) => (k === i ? Math.max(0, n - 1) : n)))}
                  >
                    −
                  </ActionIcon>
                  <NumberInput
                    w={64}
                    size="xs"
                    hideControls
                    aria-label={t('labelBatch.copiesOf', { name: r.content.name })}
                    min={0}
                    max={MAX_LABEL_COPIES}
                    clampBehavior="strict"
                    allowDecimal={false}
                    allowNegative={false}
                    value={countOf(i)}
                    onChange={(v) =>
                      setCopies((c) =>
                        c.map((n, k) => (k === i ? Math.max(0, Math.min(MAX_LABEL_COPIES, Number(v) || 0)) : n)),
                      )
                    }
                    styles={{ input: { textAlign: 'center' } }}
                  />
                  <ActionIcon
                    variant="default"
                    size={32}
                    aria-label={t('labelBatch.more', { name: r.content.name })}
                    onClick={() => setCopies((c) => c.map((n, k) => (k === i ? Math.min(MAX_LABEL_COPIES, n + 1) : n)))}
                  >
                    +
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Box>
      )}
      <LabelOptions showCount={!batch} />
      <Divider />
      {!printer.available && (
        <Alert color="gray" variant="light" icon={<IconBluetooth size={20} />}>
          {t('printers.noBluetooth')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group grow gap="sm">
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={() => void printCat()}
          loading={printer.busy !== null}
          disabled={!printer.available || total === 0}
        >
          {batch ? t('labelBatch.print', { count: total }) : t('labels.print')}
        </Button>
        <Button variant="default" disabled={total === 0} onClick={() => browserPrintMany(jobs())}>
          {t('labels.browserPrint')}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" ta="center">
        {printer.saved ? t('labels.pairedWith', { name: printer.saved.name }) : t('labels.noPrinter')}{' '}
        <Anchor component={Link} to={paths.profilePrinters(store)} fz="sm">
          {t('labels.printerSettings')}
        </Anchor>
      </Text>
    </Stack>
  );
}
