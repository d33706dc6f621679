import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ReceiptPaperWidth } from '@shopdesk/shared';
import { DEFAULT_CHUNK_SIZE, MAX_BLE_WRITE, MIN_CHUNK_SIZE } from './receipt-bluetooth.ts';

/**
 * How this device's receipt printer is driven. A device setting like the paired printer itself
 * (the session's `xPrinter`), so it is kept in this browser and survives logging out.
 */
export interface ReceiptPrinterSettings {
  /** The roll in the printer: what ESC/POS lays out for, whatever the receipt template says. */
  paperWidth: ReceiptPaperWidth;
  /** Bytes per Bluetooth write. */
  chunkSize: number;
  /** Sends the QR as an image, for printers whose firmware has no QR command. */
  qrAsImage: boolean;
}

export const RECEIPT_PRINTER_SETTINGS_KEY = 'shopdesk-receipt-printer';

export const defaultReceiptPrinterSettings = (): ReceiptPrinterSettings => ({
  paperWidth: 58,
  chunkSize: DEFAULT_CHUNK_SIZE,
  qrAsImage: false,
});

export function clampChunkSize(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_CHUNK_SIZE;
  return Math.min(MAX_BLE_WRITE, Math.max(MIN_CHUNK_SIZE, Math.round(n)));
}

export const useReceiptPrinterSettings = create<
  ReceiptPrinterSettings & { update: (patch: Partial<ReceiptPrinterSettings>) => void }
>()(
  persist(
    (set) => ({
      ...defaultReceiptPrinterSettings(),
      update: (patch) =>
        set((s) => ({
          ...patch,
          chunkSize: clampChunkSize(patch.chunkSize ?? s.chunkSize),
        })),
    }),
    {
      name: RECEIPT_PRINTER_SETTINGS_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Whatever was stored by hand or by an older build comes back within the allowed values.
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<ReceiptPrinterSettings>;
        return {
          ...current,
          paperWidth: s.paperWidth === 80 ? 80 : 58,
          chunkSize: clampChunkSize(s.chunkSize ?? DEFAULT_CHUNK_SIZE),
          qrAsImage: s.qrAsImage === true,
        };
      },
    },
  ),
);
