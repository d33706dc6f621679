import { useMutation } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';

/** Every customer of the period as CSV, made by the server (top first); the browser saves it. */
export async function exportCustomersCsv(store: string, p: Period) {
  const query = new URLSearchParams({ from: p.from, to: p.to });
  const blob = await secureApi.blob(`/api/secure/shop/statistic/customers.csv?${query}`, { store });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `customers-${store}-${p.from}_${p.to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportCustomersCsv(store: string) {
  return useMutation({ mutationFn: (p: Period) => exportCustomersCsv(store, p) });
}
