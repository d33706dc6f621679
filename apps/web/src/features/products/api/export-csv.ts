import { useMutation } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';

/** The store's products as CSV, streamed by the server; the browser saves it as a file. */
export async function exportCsv(store: string) {
  const blob = await secureApi.blob('/api/secure/product/export.csv', { store });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `products-${store}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportCsv(store: string) {
  return useMutation({ mutationFn: () => exportCsv(store) });
}
