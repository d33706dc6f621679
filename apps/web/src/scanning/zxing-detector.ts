import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// Vite copies the WebAssembly file into our own build and gives its URL: the polyfill must never
// fetch it from a CDN (weak networks, privacy, offline use).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { SCAN_FORMATS, type Detector } from './scan-formats.ts';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The ZXing WebAssembly detector, for browsers without a native BarcodeDetector. */
export function createZxingDetector(): Detector {
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
