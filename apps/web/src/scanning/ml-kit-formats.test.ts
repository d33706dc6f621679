import { describe, expect, it } from 'vitest';
import { BarcodeFormat } from '@capacitor-mlkit/barcode-scanning';
import { mlKitFormats } from './ml-kit-formats.ts';

describe('ML Kit formats', () => {
  it('are the plugin’s own names for the formats BarcodeDetector reads', () => {
    expect(mlKitFormats()).toEqual([
      BarcodeFormat.Ean13,
      BarcodeFormat.Ean8,
      BarcodeFormat.UpcA,
      BarcodeFormat.Code128,
      BarcodeFormat.QrCode,
    ]);
  });
});
