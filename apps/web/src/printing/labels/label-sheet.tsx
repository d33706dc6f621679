import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { notifications } from '../../lib/notifications.ts';
import { Link, useParams } from '../../lib/router/index.ts';
import { useTranslation } from '../../lib/i18n/use-translation.ts';
import { useSession } from '../../lib/session-store.ts';
import { IconAlert, IconBluetooth, IconPrinter } from '../../components/icons.tsx';
import { useCatPrinter } from '../cat-printer/use-cat-printer.ts';
import { isChooserCancelled } from '../bluetooth/printer-transport.ts';
import { renderLabel } from './render-label.ts';
import { browserPrint } from './browser-print.ts';
import { LabelOptions } from './label-options.tsx';
import { LabelPreview } from './label-preview.tsx';
import type { LabelContent } from './label-layout.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Preview and print a product's shelf label. The preview is the very bitmap that is sent to the
 * printer, so what the owner sees is what comes out. Loaded on demand: it brings the barcode
 * library with it.
 */
export default function LabelSheet({ content }: { content: LabelContent }) {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const config = useSession((s) => s.catConfig);
  const printer = useCatPrinter();
  const [error, setError] = useState<string>();
  const rendered = useMemo(() => renderLabel(content, config), [content, config]);
  const copies = Math.max(1, config.count);

  const printCat = async () => {
    setError(undefined);
    try {
      await printer.print(rendered.bitmap, copies);
      notifications.show({ color: 'teal', message: t('labels.printed', { count: copies }) });
    } catch (e) {
      // Closing the chooser (the browser's or the app's) is not an error worth a message.
      if (isChooserCancelled(e) || (e instanceof DOMException && e.name === 'NotFoundError')) return;
      console.error('Label print failed', e);
      setError(t('labels.printFailed'));
    }
  };

  return (
    <Stack gap="md">
      <LabelPreview bitmap={rendered.bitmap} label={t('labels.previewOf', { name: content.name || content.code })} />
      <Text c="dimmed" fz="xs" ta="center">
        {t('labels.paper', { width: rendered.bitmap.width / 8, height: Math.ceil(rendered.bitmap.height / 8) })}
      </Text>
      {rendered.warning === 'BARCODE_TOO_LONG' && (
        <Alert color="orange" variant="light" icon={<IconAlert size={20} />} role="alert">
          {t('labels.barcodeTooLong')}
        </Alert>
      )}
      <LabelOptions />
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
          disabled={!printer.available}
        >
          {t('labels.print')}
        </Button>
        <Button variant="default" onClick={() => browserPrint(rendered.bitmap, copies)}>
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
