import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CopyButton, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { Cargo } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useFormatCargoTime } from './cargo-time.ts';
import { cargoKeys } from '../api/keys.ts';
import { useCargoQr, useMyStores, useTransferCargo } from '../api/transfer-cargo.ts';

/** The QR of the hand-over link, drawn by the app's own encoder (the one receipts use). */
function QrImage({ link }: { link: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../printing/receipts/qr-svg.ts').then(({ qrSvg }) => {
      // Sized by its box: the encoder's SVG has only a viewBox.
      if (live) setSvg(qrSvg(link).replace('<svg ', '<svg width="100%" height="100%" '));
    });
    return () => {
      live = false;
    };
  }, [link]);
  if (!svg) return <Loader />;
  return (
    // Our own encoder's SVG from the server's link: no outside markup.
    <Box
      w={260}
      h={260}
      dangerouslySetInnerHTML={{ __html: svg }}
      role="img"
      aria-label={t('cargo.transfer.qrAlt')}
      data-testid="cargo-transfer-qr"
      data-link={link}
    />
  );
}

/**
 * The hand-over choices (?transfer=true): straight to another of the user's stores, or a QR anyone
 * can scan to receive it, single use and valid for 24 hours.
 */
export function TransferPanel({ store, cargo, onDone }: { store: string; cargo: Cargo; onDone: () => void }) {
  const { t } = useTranslation();
  const formatTime = useFormatCargoTime();
  const stores = useMyStores();
  const transfer = useTransferCargo(store, cargo.code);
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const qr = useCargoQr(store, cargo.code, showQr);
  const qc = useQueryClient();
  // While the QR is on screen the receiver may scan it any moment: look for the hand-over, so
  // this screen turns to TRANSFERRED by itself.
  const shown = qr.data !== undefined;
  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(
      () => void qc.invalidateQueries({ queryKey: cargoKeys.one(store, cargo.code), exact: true }),
      5_000,
    );
    return () => clearInterval(timer);
  }, [shown, qc, store, cargo.code]);
  const others = useMemo(
    () => (stores.data ?? []).filter((s) => s.urlName.toLowerCase() !== store.toLowerCase()),
    [stores.data, store],
  );
  const targetName = others.find((s) => s.urlName === target)?.name ?? target ?? '';
  const expires = qr.data ? formatTime(qr.data.expiresAt) : '';

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="lg">
        <Title order={2} fz={18}>
          {t('cargo.transfer.title')}
        </Title>
        <Stack gap="xs">
          <Text fw={600}>{t('cargo.transfer.toMyStore')}</Text>
          {others.length === 0 && !stores.isPending ? (
            <Text fz="sm" c="dimmed">
              {t('cargo.transfer.noOtherStore')}
            </Text>
          ) : (
            <Group align="flex-end" gap="sm">
              <Select
                label={t('cargo.transfer.store')}
                placeholder={t('cargo.transfer.choose')}
                data={others.map((s) => ({ value: s.urlName, label: s.name }))}
                value={target}
                onChange={setTarget}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button disabled={!target} onClick={() => setConfirming(true)}>
                {t('cargo.transfer.send')}
              </Button>
            </Group>
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{t('cargo.transfer.byQr')}</Text>
          <Text fz="sm" c="dimmed">
            {t('cargo.transfer.byQrHint')}
          </Text>
          {!showQr ? (
            <Button variant="light" onClick={() => setShowQr(true)} style={{ alignSelf: 'flex-start' }}>
              {t('cargo.transfer.showQr')}
            </Button>
          ) : qr.isError ? (
            <Alert color="red" role="alert">
              {describeError(t, qr.error)}
            </Alert>
          ) : !qr.data ? (
            <Loader />
          ) : (
            <Stack align="center" gap="sm">
              <QrImage link={qr.data.link} />
              <Text fz="sm" fw={600} data-testid="cargo-qr-expiry">
                {t('cargo.transfer.expires', { at: expires })}
              </Text>
              <CopyButton value={qr.data.link}>
                {({ copied, copy }) => (
                  <Button variant="subtle" onClick={copy}>
                    {copied ? t('cargo.transfer.copied') : t('cargo.transfer.copy')}
                  </Button>
                )}
              </CopyButton>
              <Text fz="xs" c="dimmed" ta="center">
                {t('cargo.transfer.singleUse')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('cargo.transfer.confirmTitle')}
        message={t('cargo.transfer.confirmText', { name: cargo.name, store: targetName })}
        confirmLabel={t('cargo.transfer.send')}
        busy={transfer.isPending}
        onCancel={() => {
          transfer.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          target &&
          transfer.mutate(target, {
            onSuccess: () => {
              setConfirming(false);
              onDone();
            },
          })
        }
      >
        {transfer.error && (
          <Alert color="red" role="alert">
            {describeError(t, transfer.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
