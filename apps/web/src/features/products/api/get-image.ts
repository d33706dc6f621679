import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { secureApi } from '../../../lib/api-client.ts';
import { fileDataPath } from '../../../lib/file-path.ts';

export function getImage(store: string, imageId: string) {
  return secureApi.blob(fileDataPath(store, imageId), { store });
}

/**
 * An object URL for a product image, fetched with the bearer token (an <img src> cannot send it).
 * `enabled` lets a grid fetch only the images that scroll into view.
 */
export function useImageUrl(store: string, imageId: string | null | undefined, enabled = true) {
  const q = useQuery({
    queryKey: ['image', store, imageId],
    queryFn: () => getImage(store, imageId!),
    enabled: Boolean(imageId) && enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, isError: q.isError, isLoading: q.isLoading };
}
