import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useQrPreview } from '../api/preview-qr.ts';
import { CargoError } from './limit-notice.tsx';

/**
 * The receiver's confirmation of a hand-over QR: which cargo (name, code, totals) and from which
 * store, read from the token before anything is received.
 */
export function ReceiveConfirmText({ store, token }: { store: string; token: string | null }) {
  const { t } = useTranslation();
  const preview = useQrPreview(store, token);
  return (
    <Stack gap="xs">
      {preview.isPending && token !== null && <Loader size="sm" aria-label={t('cargo.receive.reading')} />}
      {preview.data && (
        <Text fw={600} data-testid="cargo-receive-what">
          {t('cargo.receive.what', {
            name: preview.data.name,
            code: preview.data.code,
            store: preview.data.fromStore,
            lines: t('cargo.contents.lines', { count: preview.data.itemCount }),
            items: t('cargo.contents.items', { count: preview.data.totalQuantity }),
          })}
        </Text>
      )}
      {preview.isError && <CargoError store={store} error={preview.error} />}
      <Text fz="sm">{t('cargo.receive.confirmText')}</Text>
    </Stack>
  );
}
