import { useCallback } from 'react';
import { useNavigate } from '../lib/router/index.ts';
import { paths } from '../lib/paths.ts';
import { useWedgeScanner } from './use-wedge-scanner.ts';

/**
 * For screens without a barcode field of their own (home): a scanner burst, whatever has focus,
 * opens that product's card on the scan page, which offers to create it when the store lacks it.
 */
export function useScanOpensCard(store: string, enabled = true): void {
  const navigate = useNavigate();
  const open = useCallback((code: string) => navigate(paths.stockScan(store, code)), [navigate, store]);
  useWedgeScanner(open, { enabled: enabled && Boolean(store) });
}
