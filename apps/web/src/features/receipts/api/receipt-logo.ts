import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { fileDataPath } from '../../../lib/file-path.ts';
import { receiptKeys } from './keys.ts';

/** The store's receipt image as an object URL for the preview (the file route needs the session). */
export function useReceiptLogoUrl(store: string, imageId: string, enabled: boolean): string | undefined {
  const blob = useQuery({
    queryKey: receiptKeys.logo(store, imageId),
    queryFn: ({ signal }) => secureApi.blob(fileDataPath(store, imageId), { store, signal }),
    enabled,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return enabled ? url : undefined;
}

/** Stores (or replaces) the store's receipt image under its identifier of original.md §3. */
export function useUploadReceiptLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ store, imageId, image }: { store: string; imageId: string; image: Blob }) => {
      await secureApi.request(fileDataPath(store, imageId), {
        method: 'PUT',
        body: image,
        contentType: image.type || 'image/png',
        store,
      });
    },
    onSuccess: (_result, { store, imageId }) => {
      void qc.invalidateQueries({ queryKey: receiptKeys.logo(store, imageId) });
      void qc.invalidateQueries({ queryKey: receiptKeys.template(store) });
    },
  });
}

/** Removes the store's receipt image; the template then shows no logo until a new one is uploaded. */
export function useRemoveReceiptLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ store, imageId }: { store: string; imageId: string }) => {
      await secureApi.request(fileDataPath(store, imageId), { method: 'DELETE', store });
    },
    onSuccess: (_result, { store, imageId }) => {
      qc.removeQueries({ queryKey: receiptKeys.logo(store, imageId) });
      void qc.invalidateQueries({ queryKey: receiptKeys.template(store) });
    },
  });
}
