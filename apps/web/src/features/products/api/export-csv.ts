import { useMutation } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../components/import/download.ts';

/** The store's products as CSV, streamed by the server; the browser saves it as a file. */
export async function exportCsv(store: string) {
  const blob = await secureApi.blob('/api/secure/product/export.csv', { store });
  saveBlob(`products-${store}-${new Date().toISOString().slice(0, 10)}.csv`, blob);
}

export function useExportCsv(store: string) {
  return useMutation({ mutationFn: () => exportCsv(store) });
}
