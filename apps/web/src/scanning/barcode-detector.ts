import { SCAN_FORMATS, type Detector } from './scan-formats.ts';

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads every format we need (Chrome on Android),
 * otherwise the ZXing polyfill, loaded only now so it never weighs on a first load.
 */
export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (SCAN_FORMATS.every((f) => supported.includes(f))) return new Native({ formats: [...SCAN_FORMATS] });
    } catch {
      /* fall through to the polyfill */
    }
  }
  const { createZxingDetector } = await import('./zxing-detector.ts');
  return createZxingDetector();
}
