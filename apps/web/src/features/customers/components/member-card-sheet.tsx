import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { IconBluetooth, IconPrinter, IconReceipt } from '../../../components/icons.tsx';
import { renderLabel } from '../../../printing/labels/render-label.ts';
import { LabelPreview } from '../../../printing/labels/label-preview.tsx';
import { bitmapToPng, browserPrint } from '../../../printing/labels/browser-print.ts';
import { barcodeBars, blankBitmap, drawBars, moduleWidthFor } from '../../../printing/labels/barcode-bitmap.ts';
import { useCatPrinter } from '../../../printing/cat-printer/use-cat-printer.ts';
import { isChooserCancelled } from '../../../printing/bluetooth/printer-transport.ts';
import { useReceiptPrinter } from '../../../printing/receipts/use-receipt-printer.ts';
import { RECEIPT_DOTS } from '@shopdesk/shared';
import { MEMBER_CARD_LABEL, memberCardDocument, memberCardLabel, type MemberCard } from '../lib/member-card.ts';

const BARCODE_HEIGHT = 80;

/** The member code's bars as a PNG blob: URL, as wide as the roll allows, for the receipt printer. */
async function barcodeImageUrl(code: string, maxWidth: number): Promise<string> {
  const bars = barcodeBars(code);
  const moduleWidth = Math.max(1, moduleWidthFor(bars, maxWidth));
  const bitmap = blankBitmap(bars.modules * moduleWidth, BARCODE_HEIGHT);
  drawBars(bitmap, bars, 0, 0, moduleWidth, BARCODE_HEIGHT);
  const blob = await (await fetch(bitmapToPng(bitmap))).blob();
  return URL.createObjectURL(blob);
}

/**
 * The member card's preview (the very bitmap the label printer prints) and its three ways out:
 * the label printer and the receipt printer over Bluetooth, and the browser's print dialog. The
 * receipt printer falls back to the browser by itself when none is paired or Bluetooth fails.
 */
export default function MemberCardSheet({ card }: { card: MemberCard }) {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const cat = useCatPrinter();
  const receipt = useReceiptPrinter();
  const [error, setError] = useState<string>();
  const rendered = useMemo(() => renderLabel(memberCardLabel(card), MEMBER_CARD_LABEL), [card]);

  const onLabelPrinter = async () => {
    setError(undefined);
    try {
      await cat.print(rendered.bitmap, 1);
      notifications.show({ color: 'teal', message: t('customers.card.printed') });
    } catch (e) {
      if (isChooserCancelled(e) || (e instanceof DOMException && e.name === 'NotFoundError')) return;
      console.error('Member card print failed', e);
      setError(t('labels.printFailed'));
    }
  };

  const onReceiptPrinter = async () => {
    setError(undefined);
    const width = receipt.settings.paperWidth;
    const url = await barcodeImageUrl(card.code, RECEIPT_DOTS[width] - 32);
    try {
      const doc = memberCardDocument(card, url, width, t('customers.card.heading'));
      const result = await receipt.printReceipt(doc, t('customers.card.fileName', { code: card.code }));
      if (result.via === 'bluetooth') notifications.show({ color: 'teal', message: t('customers.card.printed') });
      if (result.via === 'browser' && result.reason === 'bluetooth-failed') setError(t('customers.card.fellBack'));
    } finally {
      // The browser's dialog has taken its copy by now; the printer's bytes were sent.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  };

  return (
    <Stack gap="md">
      <LabelPreview bitmap={rendered.bitmap} label={t('customers.card.previewOf', { name: card.customerName })} />
      {rendered.warning === 'BARCODE_TOO_LONG' && (
        <Alert color="orange" variant="light" role="alert">
          {t('labels.barcodeTooLong')}
        </Alert>
      )}
      {!cat.available && (
        <Alert color="gray" variant="light" icon={<IconBluetooth size={20} />}>
          {t('customers.card.noBluetooth')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap="xs">
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={() => void onLabelPrinter()}
          loading={cat.busy !== null}
          disabled={!cat.available}
        >
          {t('customers.card.labelPrinter')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconReceipt size={18} />}
          onClick={() => void onReceiptPrinter()}
          loading={receipt.busy !== null}
        >
          {t('customers.card.receiptPrinter')}
        </Button>
        <Button variant="default" onClick={() => browserPrint(rendered.bitmap, 1)}>
          {t('customers.card.browserPrint')}
        </Button>
      </Stack>
      <Text fz="sm" c="dimmed" ta="center">
        {t('customers.card.printersHint')}{' '}
        <Anchor component={Link} to={paths.profilePrinters(store)} fz="sm">
          {t('labels.printerSettings')}
        </Anchor>
      </Text>
    </Stack>
  );
}
