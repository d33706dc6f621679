import { BarcodeScanner, type BarcodeFormat } from '@capacitor-mlkit/barcode-scanning';
import { mlKitFormats } from './ml-kit-formats.ts';

// Loaded only inside the apps (native-camera-scanner.tsx imports this file dynamically).

/** Class on <body> while ML Kit's camera shows behind the WebView: everything but the overlay hides. */
export const SCANNING_CLASS = 'barcode-scanner-active';

export class CameraDeniedError extends Error {
  constructor() {
    super('Camera permission was refused');
    this.name = 'NotAllowedError';
  }
}

/**
 * Starts ML Kit's continuous scanner: the native camera preview fills the screen behind the
 * (transparent) WebView and every code read is passed to `onCode`. Returns the function that
 * stops it and shows the page again.
 */
export async function startMlKitScan(onCode: (code: string) => void): Promise<() => Promise<void>> {
  const { camera } = await BarcodeScanner.requestPermissions();
  if (camera !== 'granted' && camera !== 'limited') throw new CameraDeniedError();
  const handle = await BarcodeScanner.addListener('barcodesScanned', (event) => {
    for (const barcode of event.barcodes) if (barcode.rawValue) onCode(barcode.rawValue);
  });
  document.documentElement.classList.add(SCANNING_CLASS);
  document.body.classList.add(SCANNING_CLASS);
  const stop = async () => {
    document.documentElement.classList.remove(SCANNING_CLASS);
    document.body.classList.remove(SCANNING_CLASS);
    await handle.remove();
    await BarcodeScanner.stopScan();
  };
  try {
    await BarcodeScanner.startScan({ formats: mlKitFormats() as BarcodeFormat[] });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}
