/** The symbologies shop goods and our own labels carry (product.md §8). */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const;

/** The subset of the Barcode Detection API the camera scanner uses. */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string; format: string }>>;
}
