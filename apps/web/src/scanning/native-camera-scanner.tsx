import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { IconAlert } from '../components/icons.tsx';

// While ML Kit scans, its camera preview is a native view behind the WebView: the page hides
// (visibility keeps layout, so the cart is intact underneath) and turns transparent, and only the
// overlay below shows.
const SCANNING_CSS = `
html.barcode-scanner-active, body.barcode-scanner-active { visibility: hidden; background: transparent !important; }
.barcode-scanner-modal { visibility: visible; }
`;

/**
 * The camera scanner inside the apps: ML Kit (@capacitor-mlkit/barcode-scanning), full screen and
 * continuous, so a run of items is scanned without reopening it. It opens whenever the caller turns
 * the camera on; Done returns to the page, and a button opens it again.
 */
export function NativeCameraScanner({ active, onDetect }: { active: boolean; onDetect: (code: string) => void }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const [problem, setProblem] = useState<'DENIED' | 'FAILED' | null>(null);
  const [last, setLast] = useState<string | null>(null);
  // Turning the camera on again (off, then on) opens the scanner again after a Done.
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setDismissed(false);
  }
  const scanning = active && !dismissed && problem === null;
  const callback = useRef(onDetect);
  useEffect(() => {
    callback.current = onDetect;
  }, [onDetect]);

  useEffect(() => {
    if (!scanning) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    import('./ml-kit-scanner.ts')
      .then(({ startMlKitScan }) =>
        startMlKitScan((code) => {
          setLast(code);
          callback.current(code);
        }),
      )
      .then((stopScan) => {
        if (cancelled) void stopScan();
        else stop = stopScan;
      })
      .catch((error: unknown) => {
        console.warn('ML Kit scanner could not start', error);
        if (!cancelled) setProblem(error instanceof Error && error.name === 'NotAllowedError' ? 'DENIED' : 'FAILED');
      });
    return () => {
      cancelled = true;
      void stop?.().catch(() => undefined);
    };
  }, [scanning]);

  if (problem) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlert size={20} />}
        role="alert"
        title={t('scan.cameraUnavailable')}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t(`nativeScan.${problem === 'DENIED' ? 'denied' : 'failed'}`)}</Text>
          <Button variant="default" size="sm" onClick={() => setProblem(null)}>
            {t('nativeScan.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Box
      p="md"
      style={{ borderRadius: 'var(--mantine-radius-lg)', border: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap="xs" align="center">
        {last && <Text fz="sm">{t('nativeScan.last', { code: last })}</Text>}
        {active && dismissed && <Button onClick={() => setDismissed(false)}>{t('nativeScan.open')}</Button>}
      </Stack>
      {scanning &&
        createPortal(
          <div
            className="barcode-scanner-modal"
            role="dialog"
            aria-label={t('scan.viewfinder')}
            style={{
              position: 'fixed',
              inset: 0,
              zIndex: 10000,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'space-between',
              padding: 'calc(env(safe-area-inset-top) + 24px) 24px calc(env(safe-area-inset-bottom) + 24px)',
            }}
          >
            <style>{SCANNING_CSS}</style>
            <Text c="white" fw={700} fz="lg" ta="center" style={{ textShadow: '0 1px 3px #000' }}>
              {t('scan.aim')}
            </Text>
            <div
              aria-hidden="true"
              style={{
                width: 'min(80vw, 360px)',
                aspectRatio: '3 / 2',
                border: '3px solid rgba(255,255,255,0.9)',
                borderRadius: 12,
                boxShadow: '0 0 0 100vmax rgba(0,0,0,0.35)',
              }}
            />
            <Stack gap="sm" align="center" w="100%" maw={360}>
              <Text c="white" fz="md" fw={600} ta="center" aria-live="polite" style={{ textShadow: '0 1px 3px #000' }}>
                {last ? t('nativeScan.last', { code: last }) : '\u00a0'}
              </Text>
              <Button size="lg" fullWidth onClick={() => setDismissed(true)}>
                {t('nativeScan.done')}
              </Button>
            </Stack>
          </div>,
          document.body,
        )}
    </Box>
  );
}
