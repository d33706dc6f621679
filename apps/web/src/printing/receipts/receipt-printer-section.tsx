import { Button, Group, NumberInput, Paper, Progress, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '../../lib/notifications.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { IconBluetooth, IconPrinter, IconReceipt } from '../../components/icons.tsx';
import { publicOrigin } from '../../lib/api-base.ts';
import { PrinterStatus } from '../printer-status.tsx';
import { isChooserCancelled } from './print-receipt.ts';
import { DEFAULT_CHUNK_SIZE, MAX_BLE_WRITE, MIN_CHUNK_SIZE } from './receipt-bluetooth.ts';
import { receiptPrintErrorText } from './receipt-print-error.ts';
import { testPageDocument } from './sample-receipt.ts';
import { useReceiptPrinter } from './use-receipt-printer.ts';

/**
 * The receipt printer part of the printers page: pair a BLE ESC/POS printer (xPrinter and the
 * like), the roll in it, the Bluetooth chunk size, the QR as an image for printers without QR, and
 * a test page with Latin text, a Japanese line (sent as an image) and a QR code.
 */
export function ReceiptPrinterSection() {
  const { t } = useTranslation();
  const printer = useReceiptPrinter();
  const { settings } = printer;

  const testPage = () =>
    testPageDocument(
      settings.paperWidth,
      {
        title: t('receiptPrinter.testTitle'),
        body: t('receiptPrinter.testBody', { width: settings.paperWidth }),
        total: t('receiptPrinter.testTotal'),
        thanks: t('receiptPrinter.testThanks'),
      },
      `${publicOrigin()}/`,
    );

  const pair = async () => {
    try {
      const saved = await printer.pair();
      notifications.show({ color: 'teal', message: t('receiptPrinter.paired', { name: saved.name }) });
    } catch (e) {
      if (isChooserCancelled(e)) return;
      notifications.show({
        color: 'red',
        message: t('receiptPrinter.pairFailed', { reason: receiptPrintErrorText(e, t) }),
      });
    }
  };

  const printTest = async () => {
    try {
      const saved = await printer.printOverBluetooth(testPage());
      notifications.show({ color: 'teal', message: t('receiptPrinter.testSent', { name: saved.name }) });
    } catch (e) {
      if (isChooserCancelled(e)) return;
      notifications.show({
        color: 'red',
        title: t('receiptPrinter.printFailed'),
        message: t('receiptPrinter.printFailedText', { reason: receiptPrintErrorText(e, t) }),
        autoClose: 10_000,
      });
    }
  };

  const canUseBluetooth = printer.available && printer.saved;

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <PrinterStatus
          icon={<IconReceipt size={28} style={{ flexShrink: 0 }} />}
          title={t('receiptPrinter.title')}
          text={t('receiptPrinter.text')}
          available={printer.available}
          pairedName={printer.saved?.name ?? null}
          labels={{
            paired: t('receiptPrinter.pairedBadge'),
            noBluetoothTitle: t('receiptPrinter.noBluetoothTitle'),
            noBluetooth: t('receiptPrinter.noBluetooth'),
            current: t('receiptPrinter.current'),
          }}
        />

        <Group gap="sm">
          <Button
            leftSection={<IconBluetooth size={18} />}
            onClick={() => void pair()}
            disabled={!printer.available || printer.busy === 'printing'}
            loading={printer.busy === 'pairing'}
          >
            {printer.saved ? t('receiptPrinter.pairOther') : t('receiptPrinter.pair')}
          </Button>
          {printer.saved && (
            <Button variant="default" color="red" onClick={printer.forget} disabled={printer.busy !== null}>
              {t('receiptPrinter.forget')}
            </Button>
          )}
        </Group>

        <Stack gap={6}>
          <Text fw={600} fz="sm" id="receipt-paper-width">
            {t('receiptPrinter.paperWidth')}
          </Text>
          <SegmentedControl
            aria-labelledby="receipt-paper-width"
            value={String(settings.paperWidth)}
            onChange={(v) => settings.update({ paperWidth: v === '80' ? 80 : 58 })}
            data={[
              { value: '58', label: t('receiptPrinter.paper58') },
              { value: '80', label: t('receiptPrinter.paper80') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text fz="xs" c="dimmed">
            {t('receiptPrinter.paperWidthText')}
          </Text>
        </Stack>

        <NumberInput
          label={t('receiptPrinter.chunkSize')}
          description={t('receiptPrinter.chunkSizeText', {
            default: DEFAULT_CHUNK_SIZE,
            max: MAX_BLE_WRITE,
          })}
          min={MIN_CHUNK_SIZE}
          max={MAX_BLE_WRITE}
          step={20}
          clampBehavior="blur"
          allowDecimal={false}
          suffix={` ${t('receiptPrinter.bytes')}`}
          value={settings.chunkSize}
          onChange={(v) => {
            if (typeof v === 'number') settings.update({ chunkSize: v });
          }}
          styles={{ wrapper: { maxWidth: 320 } }}
        />

        <Switch
          label={t('receiptPrinter.qrAsImage')}
          description={t('receiptPrinter.qrAsImageText')}
          checked={settings.qrAsImage}
          onChange={(e) => settings.update({ qrAsImage: e.currentTarget.checked })}
        />

        {printer.busy === 'printing' && (
          <Stack gap={4}>
            <Text fz="sm">{t('receiptPrinter.sending')}</Text>
            <Progress
              value={Math.round((printer.progress ?? 0) * 100)}
              aria-label={t('receiptPrinter.sending')}
              animated={printer.progress === null}
            />
          </Stack>
        )}

        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPrinter size={18} />}
            onClick={() => void printTest()}
            disabled={!canUseBluetooth || printer.busy === 'pairing'}
            loading={printer.busy === 'printing'}
          >
            {t('receiptPrinter.test')}
          </Button>
          <Button
            variant="default"
            onClick={() => void printer.printInBrowser(testPage(), t('receiptPrinter.testTitle'))}
          >
            {t('receiptPrinter.testBrowser')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
