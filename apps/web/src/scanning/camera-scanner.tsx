import { useCallback, useRef } from 'react';
import { ActionIcon, Alert, Box, Loader, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { IconAlert, IconFlash } from '../components/icons.tsx';
import { isNativeApp } from '../lib/native-platform.ts';
import { useCamera } from './use-camera.ts';
import { ScanDebouncer } from './scan-debounce.ts';
import { NativeCameraScanner } from './native-camera-scanner.tsx';

interface Props {
  /** Called once per scan: repeated sightings of the same code within ~1.5 s are dropped. */
  onScan: (code: string) => void;
  active: boolean;
}

/**
 * Camera scanning, with the device's scanner chosen at run time: ML Kit inside the apps, the
 * browser's camera with BarcodeDetector (or the ZXing polyfill) elsewhere.
 */
export function CameraScanner({ onScan, active }: Props) {
  const debouncer = useRef(new ScanDebouncer());
  const onDetect = useCallback(
    (code: string) => {
      if (debouncer.current.accept(code, performance.now())) {
        navigator.vibrate?.(40);
        onScan(code);
      }
    },
    [onScan],
  );
  return isNativeApp() ? (
    <NativeCameraScanner active={active} onDetect={onDetect} />
  ) : (
    <BrowserCameraScanner active={active} onDetect={onDetect} />
  );
}

/** A viewfinder on the rear camera with an aiming frame and a torch toggle when the phone has one. */
function BrowserCameraScanner({ onDetect, active }: { onDetect: (code: string) => void; active: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCamera(video, active, onDetect);

  if (camera.status === 'error') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlert size={20} />}
        role="alert"
        title={t('scan.cameraUnavailable')}
      >
        {t(`scan.cameraProblem.${camera.problem ?? 'FAILED'}`)}
      </Alert>
    );
  }

  return (
    <Box
      pos="relative"
      style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden', background: '#000', aspectRatio: '4 / 3' }}
      aria-label={t('scan.viewfinder')}
      role="region"
    >
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <Box
        aria-hidden="true"
        pos="absolute"
        style={{
          inset: '22% 12%',
          border: '3px solid rgba(255,255,255,0.9)',
          borderRadius: 12,
          boxShadow: '0 0 0 100vmax rgba(0,0,0,0.35)',
        }}
      />
      {camera.status === 'starting' && (
        <Box pos="absolute" style={{ inset: 0, display: 'grid', placeItems: 'center' }}>
          <Loader color="white" />
        </Box>
      )}
      <Text pos="absolute" bottom={10} left={0} right={0} ta="center" c="white" fz="sm" fw={600}>
        {t('scan.aim')}
      </Text>
      {camera.torchAvailable && (
        <ActionIcon
          pos="absolute"
          top={10}
          right={10}
          size={44}
          radius="xl"
          variant={camera.torchOn ? 'filled' : 'default'}
          color="yellow"
          aria-label={t(camera.torchOn ? 'scan.torchOff' : 'scan.torchOn')}
          aria-pressed={camera.torchOn}
          onClick={() => void camera.toggleTorch()}
        >
          <IconFlash size={22} />
        </ActionIcon>
      )}
    </Box>
  );
}
