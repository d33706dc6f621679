import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createDetector } from './barcode-detector.ts';
import type { Detector } from './scan-formats.ts';

export type CameraProblem = 'UNSUPPORTED' | 'DENIED' | 'NO_CAMERA' | 'BUSY' | 'FAILED';

export interface CameraState {
  status: 'idle' | 'starting' | 'running' | 'error';
  problem?: CameraProblem;
  torchAvailable: boolean;
  torchOn: boolean;
}

const FRAME_INTERVAL_MS = 120;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'DENIED';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'NO_CAMERA';
  if (name === 'NotReadableError' || name === 'AbortError') return 'BUSY';
  return 'FAILED';
}

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

/**
 * Runs the rear camera into `video` and calls `onDetect` with every code seen in a frame while
 * `active`. Detection runs one frame at a time (never piling up on slow phones); the caller
 * debounces repeated sightings.
 */
export function useCamera(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onDetect: (code: string) => void,
) {
  const [state, setState] = useState<CameraState>({ status: 'idle', torchAvailable: false, torchOn: false });
  const stream = useRef<MediaStream | null>(null);
  const callback = useRef(onDetect);
  useEffect(() => {
    callback.current = onDetect;
  }, [onDetect]);

  useEffect(() => {
    if (!active) return;
    const el = video.current;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let detector: Detector | null = null;

    const loop = async () => {
      if (stopped || !el || !detector) return;
      if (el.readyState >= 2) {
        try {
          for (const found of await detector.detect(el)) if (found.rawValue) callback.current(found.rawValue);
        } catch {
          /* a frame that cannot be read is skipped */
        }
      }
      if (!stopped) timer = setTimeout(() => void loop(), FRAME_INTERVAL_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState((s) => ({ ...s, status: 'error', problem: 'UNSUPPORTED' }));
        return;
      }
      setState({ status: 'starting', torchAvailable: false, torchOn: false });
      try {
        const [media, det] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
            audio: false,
          }),
          createDetector(),
        ]);
        if (stopped) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        stream.current = media;
        detector = det;
        if (el) {
          el.srcObject = media;
          await el.play().catch(() => undefined);
        }
        const track = media.getVideoTracks()[0];
        const caps = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
        setState({ status: 'running', torchAvailable: Boolean(caps.torch), torchOn: false });
        void loop();
      } catch (error) {
        console.warn('Camera could not start', error);
        if (!stopped) setState((s) => ({ ...s, status: 'error', problem: problemOf(error) }));
      }
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
      if (el) el.srcObject = null;
      setState({ status: 'idle', torchAvailable: false, torchOn: false });
    };
  }, [active, video]);

  const toggleTorch = useCallback(async () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !state.torchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setState((s) => ({ ...s, torchOn: on }));
    } catch {
      setState((s) => ({ ...s, torchAvailable: false }));
    }
  }, [state.torchOn]);

  return { ...state, toggleTorch };
}
