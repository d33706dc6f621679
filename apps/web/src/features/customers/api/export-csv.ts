import { useMutation } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../components/import/download.ts';

/** The store's customers as CSV (audited by the server); the browser saves it as a file. */
export async function exportCustomersCsv(store: string) {
  const blob = await secureApi.blob('/api/secure/customer/export.csv', { store });
  saveBlob(`customers-${store}-${new Date().toISOString().slice(0, 10)}.csv`, blob);
}

export function useExportCustomers(store: string) {
  return useMutation({ mutationFn: () => exportCustomersCsv(store) });
}
