import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { IconBluetooth, IconPrinter } from '../../../components/icons.tsx';
import { useCatPrinter } from '../../../printing/cat-printer/use-cat-printer.ts';
import { PrinterStatus } from '../../../printing/printer-status.tsx';
import { LabelOptions } from '../../../printing/labels/label-options.tsx';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import { ReceiptPrinterSection } from '../../../printing/receipts/receipt-printer-section.tsx';
import type { LabelContent } from '../../../printing/labels/label-layout.ts';

const TEST_LABEL: LabelContent = {
  code: '2000000000015',
  name: 'ShopDesk test label',
  brand: 'ShopDesk',
  price: '$1.00',
};

/**
 * /{store}/profile/printers: pair or forget the cat label printer, test it, set label options; and
 * the receipt printer (printing/receipts).
 */
export default function PrintersPage() {
  const { t } = useTranslation();
  const printer = useCatPrinter();
  const [testing, setTesting] = useState(false);

  const pair = async () => {
    try {
      const d = await printer.pair();
      notifications.show({
        color: 'teal',
        message: t('printers.paired', { name: d.name || t('printers.catPrinter') }),
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'NotFoundError') return;
      notifications.show({ color: 'red', message: t('printers.pairFailed') });
    }
  };

  return (
    <PageFrame title={t('printers.title')} description={t('printers.text')}>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <PrinterStatus
            icon={<IconPrinter size={28} style={{ flexShrink: 0 }} />}
            title={t('printers.catPrinter')}
            text={t('printers.catPrinterText')}
            available={printer.available}
            pairedName={printer.saved?.name ?? null}
            labels={{
              paired: t('printers.pairedBadge'),
              noBluetoothTitle: t('printers.noBluetoothTitle'),
              noBluetooth: t('printers.noBluetooth'),
              current: t('printers.current'),
            }}
          />
          <Group gap="sm">
            <Button
              leftSection={<IconBluetooth size={18} />}
              onClick={() => void pair()}
              disabled={!printer.available}
              loading={printer.busy === 'pairing'}
            >
              {printer.saved ? t('printers.pairOther') : t('printers.pair')}
            </Button>
            {printer.saved && (
              <Button variant="default" color="red" onClick={printer.forget}>
                {t('printers.forget')}
              </Button>
            )}
            <Button variant="light" onClick={() => setTesting(true)}>
              {t('printers.test')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz={18} mb={4}>
          {t('printers.labelOptions')}
        </Title>
        <Text fz="sm" c="dimmed" mb="md">
          {t('printers.labelOptionsText')}
        </Text>
        <LabelOptions />
      </Paper>
      <ReceiptPrinterSection />
      <LabelSheetModal content={testing ? TEST_LABEL : null} onClose={() => setTesting(false)} />
    </PageFrame>
  );
}
