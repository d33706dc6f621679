import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '../../lib/notifications.ts';
import { loadLaterTexts } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { IconMail, IconPrinter, IconReceipt } from '../../components/icons.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { usePermission } from '../../lib/store-rights.ts';
import { receiptDocumentFor, receiptUrl } from './receipt-for-code.ts';

// The mail form loads with the first tap on "Email receipt", not with the receipt's actions, and
// its texts with it (build-tools/split-texts.ts, COUNTER_ON_USE_TEXTS): the counter's own texts
// stay as small as its first load needs.
const ReceiptMailForm = lazy(() =>
  Promise.all([import('./receipt-mail-form.tsx'), loadLaterTexts()]).then(([m]) => ({ default: m.ReceiptMailForm })),
);

/**
 * What a customer can take away from a sale: a printed receipt (the paired Bluetooth printer, else
 * the browser's print), the receipt's link through the phone's share sheet (or copied), or its QR on
 * screen for the customer to scan, or the receipt by mail (the sale's receipt: not offered for a
 * return receipt, which the sale's page links to). Used after payment at the counter and on a sale's detail.
 * A sale still waiting to sync has no receipt yet: its code comes from the server. With `refund`
 * (from 1) the actions are that refund's return receipt's.
 */
export function ReceiptActions({
  code,
  refund,
  size = 'md',
}: {
  code: string | null;
  refund?: number;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation();
  const [printing, setPrinting] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [mailing, setMailing] = useState(false);
  // Mailing a receipt is a counter action (SELL, as the server's route asks): a member who may only
  // read sales keeps print, share and QR, which need nothing of the server beyond the receipt.
  const mayMail = usePermission('SELL').allowed;
  // Fetched as soon as the sale has a code: the tap on Print then goes straight to the printer, and
  // the browser's permission to show the Bluetooth chooser (given by that tap) is not spent waiting.
  const doc = useRef<ReturnType<typeof receiptDocumentFor> | null>(null);
  useEffect(() => {
    if (!code) return;
    const pending = receiptDocumentFor(code, i18n.language, refund);
    pending.catch(() => undefined);
    doc.current = pending;
    void import('../receipts/print-receipt.ts');
  }, [code, refund, i18n.language]);

  if (!code) {
    return (
      <Text fz="sm" c="dimmed" ta="center">
        {t('receiptActions.afterSync')}
      </Text>
    );
  }
  const url = receiptUrl(code, refund);
  const title = refund ? t('receiptActions.returnTitle', { code, n: refund }) : t('receiptActions.title', { code });

  const print = async () => {
    setPrinting(true);
    try {
      const [receipt, printer] = await Promise.all([
        doc.current ?? receiptDocumentFor(code, i18n.language, refund),
        import('../receipts/print-receipt.ts'),
      ]);
      const result = await printer.printReceipt(receipt, { title });
      if (result.via === 'bluetooth')
        notifications.show({ color: 'teal', message: t('receiptActions.printed', { printer: result.printer }) });
      else if (result.via === 'browser' && result.reason === 'bluetooth-failed')
        notifications.show({ color: 'orange', message: t('receiptActions.bluetoothFailed') });
    } catch (e) {
      notifications.show({ color: 'red', title: t('receiptActions.printFailed'), message: describeError(t, e) });
    } finally {
      setPrinting(false);
    }
  };

  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        // Closing the share sheet is not an error; anything else falls back to copying the link.
        if (e instanceof DOMException && e.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'teal', message: t('receiptActions.copied') });
    } catch {
      notifications.show({ color: 'orange', message: t('receiptActions.copyFailed', { url }) });
    }
  };

  const showQr = async () => {
    const { qrSvg } = await import('../receipts/qr-svg.ts');
    setQr(qrSvg(url));
  };

  return (
    <>
      {/* Buttons as wide as their words (never clipped, as they were on a phone), wrapping when
          the row is too narrow for all of them. */}
      <Group gap="xs" justify="center" grow preventGrowOverflow={false} wrap="wrap">
        <Button
          size={size}
          variant="light"
          leftSection={<IconPrinter size={18} />}
          loading={printing}
          onClick={() => void print()}
        >
          {refund ? t('receiptActions.printReturn') : t('receiptActions.print')}
        </Button>
        <Button size={size} variant="light" onClick={() => void share()}>
          {t('receiptActions.share')}
        </Button>
        <Button size={size} variant="light" onClick={() => void showQr()}>
          {t('receiptActions.qr')}
        </Button>
        {!refund && mayMail && (
          <Button size={size} variant="light" leftSection={<IconMail size={18} />} onClick={() => setMailing(true)}>
            {t('receiptActions.email')}
          </Button>
        )}
      </Group>
      <Modal
        opened={mailing}
        onClose={() => setMailing(false)}
        title={t('receiptMail.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Suspense fallback={null}>
          {mailing && <ReceiptMailForm code={code} onClose={() => setMailing(false)} />}
        </Suspense>
      </Modal>
      <Modal
        opened={qr !== null}
        onClose={() => setQr(null)}
        title={t('receiptActions.qrTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack align="center" gap="sm">
          {/* The SVG is drawn by our own QR encoder from the receipt's address: no outside markup. */}
          <Box
            w={260}
            h={260}
            dangerouslySetInnerHTML={{ __html: qr ?? '' }}
            aria-label={t('receiptActions.qrAlt')}
            role="img"
          />
          <Text fz="sm" c="dimmed" ta="center">
            {t('receiptActions.qrHint')}
          </Text>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="subtle"
            leftSection={<IconReceipt size={18} />}
          >
            {t('receiptActions.open')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
