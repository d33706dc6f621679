import { SCAN_FORMATS } from './scan-formats.ts';

type ScanFormat = (typeof SCAN_FORMATS)[number];

/**
 * ML Kit's names (the BarcodeFormat enum of @capacitor-mlkit/barcode-scanning) for the formats the
 * browsers' BarcodeDetector is asked for, so both scanners read the same symbologies. Kept as
 * plain strings: importing the enum would pull the plugin into the browser bundle.
 */
export const ML_KIT_FORMATS: Record<ScanFormat, string> = {
  ean_13: 'EAN_13',
  ean_8: 'EAN_8',
  upc_a: 'UPC_A',
  code_128: 'CODE_128',
  qr_code: 'QR_CODE',
};

export const mlKitFormats = (): string[] => SCAN_FORMATS.map((f) => ML_KIT_FORMATS[f]);
